// The exact finite-n tail of the plug-in value for two-state MDPs (generative data: n next
// states per state-action pair), by enumeration of the empirical kernels.
//
// With two states the value depends on P^ only through p_s = sum_a pi(a|s) P^(1|s,a), and
// d . V^pi is monotone in each p_s (its derivative is gamma w(s) (V(1) - V(0)), and
// V(1) - V(0) = (r_pi(1) - r_pi(0)) / (1 - gamma (p_1 - p_0)) keeps the sign of
// r_pi(1) - r_pi(0)). So the law of p_0 and of p_1 are enumerated separately
// ((n+1)^|A| kernels each) and the event {d . V >= x} (or <= x) is a threshold in p_1 for each
// p_0, found by bisection on the sorted p_1 values.
#pragma once

#include <Eigen/Core>

#include "finite_mdp.hpp"

namespace assay::mdp_types {

struct ValueTail {
  double log_probability = 0;  // log P(event); -inf when impossible
  // min of sum_z D(P^_z || P_z) over the empirical kernels in the event: the lattice version
  // of the rate I(x), never below it.
  double lattice_rate = 0;
};

// Event {d . V^pi(P^) >= x} when `upper`, {<= x} otherwise. Needs |S| = 2 and (n+1)^|A| at
// most 4e6.
ValueTail exact_value_tail(const FiniteMdp& mdp, const Eigen::VectorXd& weights, double x,
                           bool upper, int n);

// Whether exact_value_tail handles this MDP at this n.
bool exact_value_tail_feasible(const FiniteMdp& mdp, int n);

}  // namespace assay::mdp_types
