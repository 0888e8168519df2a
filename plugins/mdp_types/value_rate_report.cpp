#include "value_rate_report.hpp"

#include <cmath>
#include <limits>

#include "markov_chain.hpp"
#include "trajectory_value_tail.hpp"
#include "value_tail.hpp"

namespace assay::mdp_types {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// rate(args...) with its invalid inputs reported as RateInputError.
template <class Rate, class... Args>
auto rate_or_input_error(const Rate& rate, const Args&... args) {
  try {
    return rate(args...);
  } catch (const std::invalid_argument& e) {
    throw RateInputError(e.what());
  }
}

using SpreadFn = ValueSpread (*)(const FiniteMdp&, const Eigen::VectorXd&, int n, int replicates,
                                 std::uint64_t seed, const BlockRunner&);

// The spread of the estimator over the design's Monte Carlo data sets, scaled by sqrt(n); the
// delta method gives the standard error of the square root.
ScaledSpread scaled_spread(SpreadFn simulate, const FiniteMdp& mdp, const Eigen::VectorXd& d,
                           const ValueRateDesign& design, const BlockRunner& run) {
  const int n = design.mc_n;
  if (design.mc_replicates <= 1) return {kNaN, kNaN, 0};
  const ValueSpread spread = simulate(mdp, d, n, design.mc_replicates, design.seed, run);
  const double sd = std::sqrt(n * spread.variance);
  return {sd, n * spread.variance_se / (2 * sd), spread.discarded};
}

}  // namespace

GenerativeValueReport generative_value_report(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                              const ValueRateDesign& design,
                                              const RunControl& control) {
  const Eigen::VectorXd& d = weights;
  const auto rate = [&](double x) { return rate_or_input_error(plug_in_value_rate, mdp, d, x); };
  GenerativeValueReport out;
  out.true_value = d.dot(policy_value(mdp, mdp.transitions));
  out.sigma = std::sqrt(plug_in_value_variance(mdp, d));
  const double truth = out.true_value, sigma = out.sigma, offset = design.offset;
  out.target_value = truth + offset;
  out.rate = rate(out.target_value);
  const bool finite = std::isfinite(out.rate.rate);
  out.gaussian_rate = offset * offset / (2 * sigma * sigma);
  out.minimiser_value = finite ? d.dot(policy_value(mdp, out.rate.transitions)) : kNaN;
  out.minimiser_divergence = finite ? kernel_divergence(mdp, out.rate.transitions) : kNaN;
  control.progress(0.1);

  out.curve.offsets = design.curve_offsets;
  for (double o : design.curve_offsets) {
    control.poll();
    out.curve.values.push_back(truth + o);
    out.curve.rates.push_back(rate(truth + o).rate);
    out.curve.gaussian_rates.push_back(o * o / (2 * sigma * sigma));
  }
  control.progress(0.4);

  std::vector<double> log_p;
  for (int n : design.lengths) {
    control.poll();
    const bool feasible = exact_value_tail_feasible(mdp, n) && finite;
    const auto tail = feasible ? exact_value_tail(mdp, d, out.target_value, offset >= 0, n)
                               : ValueTail{kNaN, kNaN};
    log_p.push_back(tail.log_probability);
    out.lattice_rate.push_back(tail.lattice_rate);
  }
  out.finite_n = tail_gap_table(design.lengths, log_p, out.rate.rate);
  control.progress(0.7);

  out.spread = scaled_spread(plug_in_value_spread, mdp, d, design, control.run);
  return out;
}

TrajectoryValueReport trajectory_value_report(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                              const ValueRateDesign& design,
                                              const TrajectoryRateOptions& options,
                                              const RunControl& control) {
  const Eigen::VectorXd& d = weights;
  const auto rate = [&](double x) {
    return rate_or_input_error(trajectory_value_rate, mdp, d, x, options);
  };
  const double truth = d.dot(policy_value(mdp, mdp.transitions)), offset = design.offset;
  const double x = truth + offset;
  TrajectoryValueReport out;
  out.rate = rate(x);
  const TrajectoryValueRate& r = out.rate;
  const double variance = trajectory_value_variance(mdp, d);
  const bool finite = std::isfinite(r.rate);
  out.sigma = std::sqrt(variance);
  out.gaussian_rate = offset * offset / (2 * variance);
  out.multiplier = finite ? r.multiplier : kNaN;
  out.minimiser_value = finite ? d.dot(policy_value(mdp, r.chain.transitions)) : kNaN;
  out.minimiser_divergence = finite ? conditional_kl(r.chain.pair(), pair_kernel(mdp)) : kNaN;
  out.kkt_residual = finite ? r.kkt_residual : kNaN;
  out.start_spread = finite ? r.start_spread : kNaN;

  out.curve.offsets = design.curve_offsets;
  for (double o : design.curve_offsets) {
    control.poll();
    out.curve.values.push_back(truth + o);
    out.curve.rates.push_back(rate(truth + o).rate);
    out.curve.gaussian_rates.push_back(o * o / (2 * variance));
  }

  std::vector<double> log_p;
  const bool exact_tail = exact_trajectory_tail_feasible(mdp) && finite;
  for (int n : design.lengths) {
    control.poll();
    log_p.push_back(exact_tail && n >= 2 ? exact_trajectory_value_tail(mdp, d, x, offset >= 0, n)
                                         : kNaN);
  }
  out.finite_n = tail_gap_table(design.lengths, log_p, r.rate);

  out.spread = scaled_spread(trajectory_value_spread, mdp, d, design, control.run);
  return out;
}

}  // namespace assay::mdp_types
