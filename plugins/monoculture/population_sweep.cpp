#include "population_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

#include "pair_groups.hpp"

namespace assay::monoculture {
namespace {

std::vector<int> first_indices(int n) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  return v;
}

// `count` distinct elements of `pool` in a random order-free draw (sorted); all of them when
// count is unset or not below the pool size.
std::vector<int> draw_subset(std::vector<int> pool, std::optional<int> count,
                             std::mt19937_64& rng) {
  if (count && *count < static_cast<int>(pool.size())) {
    std::shuffle(pool.begin(), pool.end(), rng);
    pool.resize(*count);
  }
  std::sort(pool.begin(), pool.end());
  return pool;
}

}  // namespace

ExcessEstimate target_excess(const Eigen::MatrixXd& responses, const std::vector<int>& targets,
                             const std::vector<int>& reference, const std::vector<int>& items,
                             const MeasureOptions& options, std::mt19937_64& rng,
                             const ParallelLoop& loop) {
  std::vector<int> models = targets;
  models.insert(models.end(), reference.begin(), reference.end());
  std::sort(models.begin(), models.end());
  if (std::adjacent_find(models.begin(), models.end()) != models.end())
    throw std::invalid_argument("a target model is also listed as a reference model");
  const Eigen::MatrixXd sub = responses(models, items);
  std::vector<int> target_rows;  // targets' row numbers inside `sub`
  for (int t : targets)
    target_rows.push_back(
        static_cast<int>(std::lower_bound(models.begin(), models.end(), t) - models.begin()));
  const PairGroup group =
      targets.empty() ? all_pairs(static_cast<int>(models.size()))
                      : pairs_among(static_cast<int>(models.size()), target_rows, "targets");
  return agreement_excess(sub, {group}, options, rng, loop).groups.front();
}

std::vector<SweepRow> population_sweep(const Eigen::MatrixXd& responses, const SweepSpec& spec,
                                       const MeasureOptions& options, std::mt19937_64& rng,
                                       const ParallelLoop& loop, const SweepProgress& progress) {
  const int n = static_cast<int>(responses.rows()), j = static_cast<int>(responses.cols());
  for (int t : spec.targets)
    if (t < 0 || t >= n) throw std::invalid_argument("target model index out of range");
  std::vector<int> others;
  for (int m : first_indices(n))
    if (std::find(spec.targets.begin(), spec.targets.end(), m) == spec.targets.end())
      others.push_back(m);
  std::vector<SweepRow> rows;
  for (int p = 0; p <= spec.populations; ++p) {
    const bool full = p == 0;
    const std::vector<int> reference =
        full ? others : draw_subset(others, spec.reference_models, rng);
    const std::vector<int> items =
        full ? first_indices(j) : draw_subset(first_indices(j), spec.items, rng);
    SweepRow row;
    row.models = static_cast<int>(spec.targets.size() + reference.size());
    row.items = static_cast<int>(items.size());
    row.excess = target_excess(responses, spec.targets, reference, items, options, rng, loop);
    rows.push_back(row);
    if (progress) progress(p + 1, spec.populations + 1);
  }
  return rows;
}

SweepSummary summarise_sweep(const std::vector<SweepRow>& rows) {
  if (rows.size() < 2) throw std::invalid_argument("a sweep summary needs a random population");
  SweepSummary s;
  s.full_excess = rows[0].excess.excess;
  Eigen::VectorXd excess(static_cast<Eigen::Index>(rows.size() - 1));
  int positive = 0, negative = 0;
  for (std::size_t k = 1; k < rows.size(); ++k) {
    excess(static_cast<Eigen::Index>(k - 1)) = rows[k].excess.excess;
    positive += rows[k].excess.ci_low > 0;
    negative += rows[k].excess.ci_high < 0;
  }
  const auto count = static_cast<double>(excess.size());
  s.excess_min = excess.minCoeff();
  s.excess_max = excess.maxCoeff();
  s.excess_sd = count > 1 ? std::sqrt((excess.array() - excess.mean()).square().sum() / (count - 1))
                          : std::numeric_limits<double>::quiet_NaN();
  s.fraction_positive = positive / count;
  s.fraction_negative = negative / count;
  s.sign_flip = positive > 0 && negative > 0;
  return s;
}

}  // namespace assay::monoculture
