// The probability of a conditional event at finite n: exactly, by dynamic programming over
// the counts the event depends on, and by plain Monte Carlo for comparison.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "pair_ldp.hpp"

namespace assay::mdp_types {

// Called with the fraction of work done; may throw to stop the computation.
using ProgressFn = std::function<void(double)>;

// log P(event at n) for each n in `lengths` (n transitions, Z_0 ~ initial), computed by
// propagating the joint law of (Z_t, N_row(t), N_pair(t)) for t = 0..max(lengths). Cost
// O(max_n^3 |Z|^2 / 6). Cells below 1e-280 are dropped to avoid subnormal arithmetic; the
// absolute error this causes is below 1e-270. -inf when the event is impossible.
std::vector<double> exact_event_log_probability(const Eigen::MatrixXd& kernel,
                                                const Eigen::VectorXd& initial,
                                                const ConditionalEvent& event,
                                                const std::vector<int>& lengths,
                                                const ProgressFn& progress = {});

// Draws `paths` independent paths of n transitions and counts those in the event.
std::int64_t count_event_paths(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                               const ConditionalEvent& event, int n, std::int64_t paths,
                               std::mt19937_64& rng);

// Samples from a finite law given as a vector of probabilities (inverse CDF).
class CategoricalSampler {
 public:
  explicit CategoricalSampler(const Eigen::VectorXd& probabilities);
  int operator()(std::mt19937_64& rng) const;

 private:
  std::vector<double> cumulative_;
};

// One sampler per row of a stochastic kernel.
std::vector<CategoricalSampler> row_samplers(const Eigen::MatrixXd& kernel);

}  // namespace assay::mdp_types
