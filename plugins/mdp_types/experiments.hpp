// The repeated-sampling experiments behind the methods. Work is cut into fixed blocks, each with
// its own RNG stream, and block results are combined in block order, so an experiment gives the
// same numbers whoever runs the blocks (serially here, in parallel in the plugin).
#pragma once

#include <Eigen/Core>
#include <assay/seed.hpp>  // mix_seed: the streams of the claims' experiments
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "coding_exponent.hpp"
#include "event_probability.hpp"
#include "finite_mdp.hpp"
#include "kl_pessimism.hpp"
#include "pair_ldp.hpp"
#include "tail_gap_table.hpp"
#include "type_classes.hpp"

namespace assay::mdp_types {

// Runs body(begin, end) over sub-ranges covering the block indices [0, blocks), in any order
// and on any threads.
using BlockRunner = std::function<void(
    std::size_t blocks, const std::function<void(std::size_t begin, std::size_t end)>& body)>;

// Runs every block in order on the calling thread.
void run_blocks_serially(std::size_t blocks,
                         const std::function<void(std::size_t begin, std::size_t end)>& body);

// ---------------------------------------------------------------- markov_pair_ldp

struct PairLdpResult {
  PairRate rate;
  double primal_value = 0;  // D(Q*||K|q*), equal to the rate by duality
  TailGapTable finite_n;    // the exact -(1/n) log P(event) against the rate
  // NaN where not simulated; mc_rate = -(1/n) log of the estimate (NaN when it is 0).
  std::vector<double> mc_probability, mc_standard_error, mc_rate;

  // Smallest -(1/n) log P(event) - J over the lengths (NaN when there are none).
  double min_gap() const;
};

// The rate, the exact finite-n probabilities and, for n <= mc_max_length, plain Monte Carlo
// with mc_paths paths.
PairLdpResult pair_ldp_experiment(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                                  const ConditionalEvent& event, const std::vector<int>& lengths,
                                  std::int64_t mc_paths, int mc_max_length, std::uint64_t seed,
                                  const BlockRunner& run = run_blocks_serially,
                                  const ProgressFn& progress = {});

// ---------------------------------------------------------------- type_class_sizes

// One row per pair type of length n from `start`.
struct TypeClassRow {
  PairCounts counts;
  int end_state = 0;
  double log_size = 0;                // log |T| by Whittle's formula
  double n_entropy = 0;               // n H(L_n): log of the upper bound
  double log_lower_bound = 0;         // n H - |Z|^2 log(n+1)
  std::int64_t enumerated_size = -1;  // -1: not enumerated
};

struct TypeClassSummary {
  std::vector<TypeClassRow> rows;
  double log_type_count_bound;  // |Z|^2 log(n+1)
  std::int64_t outside_bounds = 0;
  double max_enumeration_error;  // NaN when the paths were not enumerated
  double min_upper_slack;
  double min_lower_slack;
  double log_total_size;
};

// Every type class of length n from `start` against the type bounds; the |Z|^n paths are also
// enumerated (to check Whittle's formula) when there are at most max_paths of them.
TypeClassSummary type_class_summary(int states, int n, int start, double max_paths);

// Work of the type walk: C(n + m(m-1), m(m-1)) count matrices times m end states.
double type_walk_cost(int states, int n);

// ---------------------------------------------------------------- kl_pessimism

struct PessimismSummary {
  double true_value = 0;  // initial . V^pi(P)
  std::vector<PessimismReplicate> replicates;
  double coverage = 0, pessimism_rate = 0, plug_in_over_rate = 0;
  double mean_pessimistic = 0, mean_plug_in = 0, mean_radius = 0;
};

PessimismSummary pessimism_experiment(const FiniteMdp& mdp, const Eigen::VectorXd& initial,
                                      const KlDesign& design, int replicates, std::uint64_t seed,
                                      const BlockRunner& run = run_blocks_serially);

// ---------------------------------------------------------------- markov_coding_exponent

// Importance-sampled error probabilities of the type code at each length (paths per length),
// from the twisted kernel when e(R) > 0 and from K itself otherwise.
std::vector<ErrorEstimate> coding_error_experiment(const Eigen::MatrixXd& kernel,
                                                   const CodingExponent& exponent, double rate,
                                                   const std::vector<int>& lengths,
                                                   std::int64_t paths, std::uint64_t seed,
                                                   const BlockRunner& run = run_blocks_serially);

// ---------------------------------------------------------------- mdp_value_rate

// Sample mean and variance of d . V^pi(P^) over `replicates` generative data sets of n next
// states per pair, with the standard error of the variance (from the fourth central moment).
struct ValueSpread {
  double mean = 0;
  double variance = 0;
  double variance_se = 0;
  int discarded = 0;  // data sets left out because a pair with pi(a|s) > 0 was never visited
};
ValueSpread plug_in_value_spread(const FiniteMdp& mdp, const Eigen::VectorXd& weights, int n,
                                 int replicates, std::uint64_t seed,
                                 const BlockRunner& run = run_blocks_serially);

// The same over `replicates` stationary trajectories of n transitions under the policy. A
// trajectory that never visits some pair with pi(a|s) > 0 has no plug-in value; it is discarded
// and counted.
ValueSpread trajectory_value_spread(const FiniteMdp& mdp, const Eigen::VectorXd& weights, int n,
                                    int replicates, std::uint64_t seed,
                                    const BlockRunner& run = run_blocks_serially);

}  // namespace assay::mdp_types
