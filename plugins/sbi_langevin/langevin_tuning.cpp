#include "langevin_tuning.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "ula_recursion.hpp"
#include "wasserstein.hpp"

namespace assay::sbi_langevin {

double composite_error_bound(const GaussianTallModel& model, ScoreKind kind, Diffusion at,
                             double delta) {
  const double n = model.n_obs();
  if (kind == ScoreKind::geffner) return n * delta;
  return n * diagonal_composite_weights(model, kind, at).posterior.abs().maxCoeff() * delta;
}

double max_step_for_bias(const Eigen::VectorXd& precision, double budget) {
  const double cap = 2.0 / (precision.minCoeff() + precision.maxCoeff());
  if (ula_stationary_bias(precision, cap) <= budget) return cap;
  double lo = 0.0, hi = cap;  // bias(lo) <= budget < bias(hi); the bias increases with h
  while (hi - lo > 1e-14 * hi) {
    const double mid = 0.5 * (lo + hi);
    (ula_stationary_bias(precision, mid) <= budget ? lo : hi) = mid;
  }
  return lo;
}

Eigen::MatrixXd aligned_score_errors(const GaussianTallModel& model, double delta) {
  return Eigen::MatrixXd::Constant(model.n_obs(), model.dim(), delta / std::sqrt(model.dim()));
}

namespace {
DiagonalGaussian standard_normal(int d) {
  return {Eigen::VectorXd::Zero(d), Eigen::VectorXd::Ones(d)};
}
}  // namespace

double max_level_distance(const GaussianTallModel& model, ScoreKind kind, int levels,
                          const VpSchedule& schedule) {
  const auto times = level_times(levels);
  DiagonalGaussian previous = bridging_density(model, kind, schedule.at(times.front())).law();
  double worst = 0;
  for (std::size_t l = 1; l < times.size(); ++l) {
    const auto next = bridging_density(model, kind, schedule.at(times[l])).law();
    worst = std::max(worst, w2_diagonal(previous, next));
    previous = next;
  }
  return worst;
}

namespace {
int warm_start_levels(const GaussianTallModel& model, const TuningRequest& request) {
  const auto fits = [&](int levels) {
    return max_level_distance(model, request.kind, levels, request.schedule) <= request.epsilon;
  };
  int hi = 2;
  while (!fits(hi)) {
    if (hi >= request.max_levels)
      throw std::domain_error("no level count up to " + std::to_string(request.max_levels) +
                              " keeps consecutive bridging densities within epsilon");
    hi = std::min(2 * hi, request.max_levels);
  }
  int lo = std::max(2, hi / 2);
  if (fits(lo)) return lo;
  while (hi - lo > 1) {  // fits(hi), !fits(lo)
    const int mid = (lo + hi) / 2;
    (fits(mid) ? hi : lo) = mid;
  }
  return hi;
}

std::int64_t steps_to_contract(double rho, double from, double to) {
  if (from <= to || rho <= 0.0) return 1;
  const double k = std::ceil(std::log(from / to) / -std::log(rho));
  return std::max<std::int64_t>(1, static_cast<std::int64_t>(k));
}
}  // namespace

TuningPlan tune_langevin(const GaussianTallModel& model, const TuningRequest& request) {
  const int levels = request.levels ? *request.levels : warm_start_levels(model, request);
  const double eps = request.epsilon;
  TuningPlan plan;
  DiagonalGaussian previous = standard_normal(model.dim());
  double carried = 0;  // E_{l-1}
  for (const double t : level_times(levels)) {
    const Diffusion at = request.schedule.at(t);
    const auto target = bridging_density(model, request.kind, at);
    LevelPlan level;
    level.t = t;
    level.alpha = at.alpha;
    level.precision_min = target.precision.minCoeff();
    level.precision_max = target.precision.maxCoeff();
    level.score_term =
        composite_error_bound(model, request.kind, at, request.score_error) / level.precision_min;
    if (level.score_term >= eps)
      throw std::domain_error("score_error too large: the score term " +
                              std::to_string(level.score_term) + " at t = " + std::to_string(t) +
                              " already exceeds epsilon");
    level.step_size = max_step_for_bias(target.precision, 0.5 * (eps - level.score_term));
    level.stationary_bias = ula_stationary_bias(target.precision, level.step_size);
    level.start_distance = w2_diagonal(previous, target.law());
    const double rho = 1.0 - level.step_size * level.precision_min;
    const double start = carried + level.start_distance + level.stationary_bias;
    level.steps = steps_to_contract(rho, start, eps - level.score_term - level.stationary_bias);
    const double contraction = std::pow(rho, static_cast<double>(level.steps));
    level.w2_bound =
        contraction * start + level.stationary_bias + (1.0 - contraction) * level.score_term;
    carried = level.w2_bound;
    previous = target.law();
    plan.total_steps += level.steps;
    plan.levels.push_back(level);
  }
  plan.w2_bound = carried;
  std::vector<LevelStep> schedule;
  for (const auto& l : plan.levels) schedule.push_back({l.alpha, l.step_size, l.steps});
  const auto laws = annealed_ula_laws(model, request.kind, schedule,
                                      aligned_score_errors(model, request.score_error));
  const auto post = model.tall_posterior();
  plan.w2_exact = w2_diagonal(laws.back(), post);
  return plan;
}

std::vector<DiagonalGaussian> annealed_ula_laws(const GaussianTallModel& model, ScoreKind kind,
                                                const std::vector<LevelStep>& schedule,
                                                const Eigen::MatrixXd& errors) {
  std::vector<DiagonalGaussian> laws;
  DiagonalGaussian law = standard_normal(model.dim());
  for (const auto& level : schedule) {
    const auto target = bridging_density(model, kind, VpSchedule::from_alpha(level.alpha), errors);
    law = ula_law_after(law, target, level.step_size, level.steps);
    laws.push_back(law);
  }
  return laws;
}

}  // namespace assay::sbi_langevin
