#include "confusion_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "decentering.hpp"
#include "task_confusion.hpp"

namespace assay::cil_decentering {

std::vector<ConfusionRow> confusion_sweep(const TaskGeometry& base, SweepAxis axis,
                                          const std::vector<double>& values, int n_per_class,
                                          std::mt19937_64& rng) {
  const std::mt19937_64 geometry_rng = rng;  // the same directions for every value
  rng.discard(1);
  std::vector<ConfusionRow> rows;
  for (double value : values) {
    TaskGeometry g = base;
    (axis == SweepAxis::task_distance ? g.task_distance : g.norm_asymmetry) = value;
    std::mt19937_64 draw = geometry_rng;
    const GaussianTasks population = make_gaussian_tasks(g, draw);
    const LinearHead sequential =
        sequential_population_head(population.means, population.sigma, population.class_task);
    const LinearHead decentered =
        decenter(sequential, population.means, population.sigma, population.class_task);
    const SeparationSummary separation = summarize(sequential_separation(population));
    const MonteCarloConfusion seq_mc =
        monte_carlo_task_confusion(sequential, population, n_per_class, rng);
    const MonteCarloConfusion dec_mc =
        monte_carlo_task_confusion(decentered, population, n_per_class, rng);
    ConfusionRow row;
    row.value = value;
    row.kappa_min = separation.kappa_min;
    row.gamma_at_min = separation.gamma_at_min;
    row.margin_min = separation.margin_min;
    row.sequential_confusion = seq_mc.confusion;
    row.sequential_se = seq_mc.standard_error;
    row.sequential_upper_bound = task_confusion_upper_bound(sequential, population);
    row.sequential_lower_bound = task_confusion_lower_bound(sequential, population);
    row.first_task_confusion = seq_mc.per_task(0);
    row.decentered_confusion = dec_mc.confusion;
    row.decentered_se = dec_mc.standard_error;
    row.decentered_upper_bound = task_confusion_upper_bound(decentered, population);
    rows.push_back(row);
  }
  return rows;
}

SweepSummary summarize_sweep(const std::vector<ConfusionRow>& rows) {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  SweepSummary s{std::nullopt, nan, nan, nan, nan};
  if (rows.empty()) return s;
  s.min_sequential_confusion = s.max_sequential_confusion = rows.front().sequential_confusion;
  s.max_first_task_confusion = rows.front().first_task_confusion;
  s.max_excess_decentered = rows.front().decentered_confusion - rows.front().decentered_upper_bound;
  for (const ConfusionRow& r : rows) {
    s.min_sequential_confusion = std::min(s.min_sequential_confusion, r.sequential_confusion);
    s.max_sequential_confusion = std::max(s.max_sequential_confusion, r.sequential_confusion);
    s.max_first_task_confusion = std::max(s.max_first_task_confusion, r.first_task_confusion);
    s.max_excess_decentered =
        std::max(s.max_excess_decentered, r.decentered_confusion - r.decentered_upper_bound);
    if (r.kappa_min > 1) {
      const double e = r.sequential_confusion - r.sequential_upper_bound;
      s.max_excess_separated = std::max(s.max_excess_separated.value_or(e), e);
    }
  }
  return s;
}

}  // namespace assay::cil_decentering
