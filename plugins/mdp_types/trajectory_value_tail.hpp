// The exact finite-n tail of the plug-in value from one trajectory, for two-state MDPs under a
// deterministic policy (the state-action chain is then a two-state chain), by summing over the
// sufficient counts of the path instead of the 2^n paths.
//
// With alpha = P(1|0, pi(0)), beta = P(0|1, pi(1)), a path z_0 .. z_n has probability
//   mu(z_0) alpha^a (1-alpha)^{k-a} beta^b (1-beta)^{n-k-b},
// k = #{t < n : z_t = 0}, a = #{0 -> 1}, b = #{1 -> 0}; the plug-in kernel is
// P^(1|0) = a / k, P^(1|1) = (n-k-b) / (n-k). The path is a run sequence alternating from z_0:
// from z_0 = 0 it has b + 1 runs of 0s and a runs of 1s (b = a or a - 1, z_n = 0 iff b = a), so
// the number of paths with these counts is C(n_0 - 1, b) C(n_1 - 1, a - 1) with n_0, n_1 the
// numbers of 0s and 1s among z_0 .. z_n (compositions into runs); symmetrically from z_0 = 1.
// A path that never leaves one state has no estimate for the other and is outside the event.
#pragma once

#include <Eigen/Core>

#include "finite_mdp.hpp"

namespace assay::mdp_types {

// log P(d . V^pi(P^) >= x) when `upper` (<= x otherwise) for a trajectory of n transitions from
// the stationary law. Needs 2 states, a deterministic policy and n >= 2; O(n^2).
double exact_trajectory_value_tail(const FiniteMdp& mdp, const Eigen::VectorXd& weights, double x,
                                   bool upper, int n);

// Whether exact_trajectory_value_tail handles this MDP (n >= 2 is the caller's).
bool exact_trajectory_tail_feasible(const FiniteMdp& mdp);

}  // namespace assay::mdp_types
