// The candidates of the trajectory value rate: state-action chains that keep the MDP's support
// but tilt both the dynamics and the action choice,
//   K'((s,a),(s',a')) = P'(s'|s,a) rho(a'|s'),
// with their stationary law. Why this family is enough: for any shift-invariant pair measure Q,
// replacing Q's action conditional rho(a'|z, s') by its average over z keeps both marginals and
// the learned kernel P_Q, and by convexity of KL does not raise D(Q||K|q). With mu the
// stationary state law of P'_rho(s'|s) = sum_a rho(a|s) P'(s'|s,a) and q(s,a) = mu(s) rho(a|s),
// the chain rule of KL gives
//   D(Q||K|q) = sum_s mu(s) [ sum_a rho(a|s) D(P'_sa || P_sa) + D(rho_s || pi_s) ].
// Coordinates: one logit per support entry of each active row P'_sa (pi(a|s) > 0) and of each
// rho_s, relative to the first support entry, so that the zero vector is the true chain and the
// coordinates are unique.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "finite_mdp.hpp"

namespace assay::mdp_types {

struct TiltedPairChain {
  Eigen::MatrixXd transitions;  // P'(s'|s,a), rows as in FiniteMdp (inactive rows = P)
  Eigen::MatrixXd policy;       // rho(a|s)
  Eigen::VectorXd states;       // mu: stationary state law of P'_rho
  Eigen::VectorXd visits;       // q(s,a) = mu(s) rho(a|s)

  // Q(z, z') = q(z) P'(s'|z) rho(a'|s') on the |S||A| x |S||A| pairs.
  Eigen::MatrixXd pair() const;
};

class TiltCoordinates {
 public:
  // Throws std::invalid_argument unless the policy's state chain P_pi has a unique stationary
  // law charging every state (otherwise rows of unvisited states would be free).
  explicit TiltCoordinates(const FiniteMdp& mdp);

  Eigen::Index size() const { return static_cast<Eigen::Index>(entries_.size()); }
  TiltedPairChain chain(const Eigen::VectorXd& logits) const;
  // The logits of a chain with P' and rho positive on the MDP's support.
  Eigen::VectorXd logits(const Eigen::MatrixXd& transitions, const Eigen::MatrixXd& policy) const;

 private:
  // A free logit: entry (row, col) of the transitions (is_action = false) or of the policy,
  // tilted relative to entry (row, reference).
  struct Entry {
    bool is_action;
    int row, col, reference;
  };
  FiniteMdp mdp_;
  std::vector<Entry> entries_;
};

// D(Q||K|q) of the chain by the formula above.
double tilted_chain_divergence(const FiniteMdp& mdp, const TiltedPairChain& chain);

}  // namespace assay::mdp_types
