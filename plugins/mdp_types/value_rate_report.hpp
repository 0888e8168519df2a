// What mdp_value_rate reports about the plug-in value d . V^pi(P^) around one target
// x = d . V^pi(P) + offset: the rate and its minimiser at x, the rate curve over offsets against
// its quadratic (delta-method) approximation, the exact finite-n tails against the rate, and the
// Monte Carlo spread of the estimator against the delta-method sd. Once for generative data (n
// next states per state-action pair) and once for one trajectory of n transitions.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "event_probability.hpp"
#include "experiments.hpp"
#include "finite_mdp.hpp"
#include "tail_gap_table.hpp"
#include "trajectory_value_rate.hpp"
#include "value_rate.hpp"

namespace assay::mdp_types {

// How a long computation runs: its Monte Carlo blocks, a poll between steps (may throw to stop)
// and the fraction of work done.
struct RunControl {
  BlockRunner run = run_blocks_serially;
  std::function<void()> poll = [] {};
  ProgressFn progress = [](double) {};
};

// Thrown when the rate itself cannot be computed for these inputs; what() is the rate's reason.
class RateInputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The target and what is tabulated around it, for one kind of data.
struct ValueRateDesign {
  double offset = 1;                  // x - d . V^pi(P)
  std::vector<double> curve_offsets;  // offsets at which the rate curve is tabulated
  std::vector<int> lengths;           // n of the exact tails
  int mc_n = 400;                     // n of the Monte Carlo data sets
  int mc_replicates = 0;              // Monte Carlo data sets; no spread unless more than 1
  std::uint64_t seed = 1;
};

struct RateCurve {
  std::vector<double> offsets, values, rates;
  std::vector<double> gaussian_rates;  // offset^2 / (2 sigma^2)
};

// sqrt(n) times the sd of d . V^pi(P^) over the data sets and its standard error; NaN without
// data sets.
struct ScaledSpread {
  double sd = 0;
  double sd_se = 0;
  std::int64_t discarded = 0;  // data sets without a plug-in value
};

struct GenerativeValueReport {
  double true_value = 0;
  double target_value = 0;
  double sigma = 0;            // delta-method sd of sqrt(n) d . V^pi(P^)
  double gaussian_rate = 0;    // offset^2 / (2 sigma^2)
  ValueRate rate;              // at the target
  double minimiser_value = 0;  // d . V^pi(P*); NaN when the rate is infinite
  double minimiser_divergence = 0;
  RateCurve curve;
  TailGapTable finite_n;  // NaN unless |S| = 2 and the rate is finite
  std::vector<double>
      lattice_rate;  // per n: min divergence over the empirical kernels in the event
  ScaledSpread spread;
};

// Generative data; `weights` is a law on states. Rate failures throw RateInputError.
GenerativeValueReport generative_value_report(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                              const ValueRateDesign& design,
                                              const RunControl& control = {});

struct TrajectoryValueReport {
  TrajectoryValueRate rate;  // at the target
  double sigma = 0;          // delta-method sd of sqrt(n) d . V^pi(P^) from one trajectory
  double gaussian_rate = 0;  // offset^2 / (2 sigma^2)
  // NaN when the rate is infinite:
  double multiplier = 0;
  double minimiser_value = 0;       // d . V^pi(P*)
  double minimiser_divergence = 0;  // D(Q*||K|q*) recomputed on the pair measure
  double kkt_residual = 0;
  double start_spread = 0;
  RateCurve curve;
  TailGapTable finite_n;  // NaN unless 2 states, a deterministic policy, n >= 2, a finite rate
  ScaledSpread spread;
};

// One stationary trajectory; `weights` is a law on states, `options` those of the rate search.
// Failures of the trajectory rate throw RateInputError.
TrajectoryValueReport trajectory_value_report(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                              const ValueRateDesign& design,
                                              const TrajectoryRateOptions& options,
                                              const RunControl& control = {});

}  // namespace assay::mdp_types
