// A finite discounted MDP evaluated under a fixed stationary policy. State-action pairs are
// indexed z = s * |A| + a; the state-action process Z_t = (S_t, A_t) is the Markov chain with
// pair kernel K((s, a), (s', a')) = P(s' | s, a) pi(a' | s').
#pragma once

#include <Eigen/Core>

namespace assay::mdp_types {

struct FiniteMdp {
  Eigen::MatrixXd transitions;  // |S||A| x |S|: P(s' | s, a) in row s * |A| + a
  Eigen::VectorXd rewards;      // |S||A|: r(s, a)
  Eigen::MatrixXd policy;       // |S| x |A|: pi(a | s)
  double discount = 0.9;

  int states() const { return static_cast<int>(policy.rows()); }
  int actions() const { return static_cast<int>(policy.cols()); }
  int pairs() const { return states() * actions(); }
  // Throws std::invalid_argument when shapes disagree or a law is not a law.
  void validate() const;
};

Eigen::MatrixXd pair_kernel(const FiniteMdp& mdp);

// P_pi(s' | s) = sum_a pi(a | s) P(s' | s, a) for `transitions` shaped like
// FiniteMdp::transitions and `policy` like FiniteMdp::policy.
Eigen::MatrixXd state_chain(const Eigen::MatrixXd& transitions, const Eigen::MatrixXd& policy);

// w = (I - gamma P_pi)^-T d: the discounted state occupancy from the start weights d, which is
// how much d . V^pi moves when the next-state law of a state changes.
Eigen::VectorXd discounted_occupancy(const FiniteMdp& mdp, const Eigen::VectorXd& d);

// V^pi under the transition matrix `transitions` (same shape as mdp.transitions):
// the solution of (I - gamma P_pi) V = r_pi.
Eigen::VectorXd policy_value(const FiniteMdp& mdp, const Eigen::MatrixXd& transitions);

}  // namespace assay::mdp_types
