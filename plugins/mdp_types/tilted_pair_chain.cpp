#include "tilted_pair_chain.hpp"

#include <cmath>
#include <stdexcept>

#include "kl_ball.hpp"
#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {

void normalise_rows(Eigen::MatrixXd& m) {
  for (Eigen::Index i = 0; i < m.rows(); ++i) m.row(i) /= m.row(i).sum();
}

}  // namespace

Eigen::MatrixXd TiltedPairChain::pair() const {
  const Eigen::Index ns = policy.rows(), na = policy.cols();
  Eigen::MatrixXd q(ns * na, ns * na);
  for (Eigen::Index z = 0; z < ns * na; ++z)
    for (Eigen::Index s = 0; s < ns; ++s)
      for (Eigen::Index a = 0; a < na; ++a)
        q(z, s * na + a) = visits(z) * transitions(z, s) * policy(s, a);
  return q;
}

TiltCoordinates::TiltCoordinates(const FiniteMdp& mdp) : mdp_(mdp) {
  mdp.validate();
  const Eigen::VectorXd mu = stationary_distribution(state_chain(mdp.transitions, mdp.policy));
  if ((mu.array() <= 1e-12).any())
    throw std::invalid_argument("every state must be recurrent under the policy");
  const int na = mdp.actions();
  for (int s = 0; s < mdp.states(); ++s) {
    int first_action = -1;
    for (int a = 0; a < na; ++a) {
      if (mdp.policy(s, a) == 0) continue;
      if (first_action < 0)
        first_action = a;
      else
        entries_.push_back({true, s, a, first_action});
      const int z = s * na + a;
      int first_state = -1;
      for (int j = 0; j < mdp.states(); ++j) {
        if (mdp.transitions(z, j) == 0) continue;
        if (first_state < 0)
          first_state = j;
        else
          entries_.push_back({false, z, j, first_state});
      }
    }
  }
}

TiltedPairChain TiltCoordinates::chain(const Eigen::VectorXd& logits) const {
  TiltedPairChain c{mdp_.transitions, mdp_.policy, {}, {}};
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    (e.is_action ? c.policy : c.transitions)(e.row, e.col) *= std::exp(logits(i));
  }
  normalise_rows(c.transitions);
  normalise_rows(c.policy);
  c.states = stationary_distribution(state_chain(c.transitions, c.policy));
  c.visits.resize(mdp_.pairs());
  for (int s = 0; s < mdp_.states(); ++s)
    for (int a = 0; a < mdp_.actions(); ++a)
      c.visits(s * mdp_.actions() + a) = c.states(s) * c.policy(s, a);
  return c;
}

Eigen::VectorXd TiltCoordinates::logits(const Eigen::MatrixXd& transitions,
                                        const Eigen::MatrixXd& policy) const {
  Eigen::VectorXd u(size());
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    const Eigen::MatrixXd& tilted = e.is_action ? policy : transitions;
    const Eigen::MatrixXd& base = e.is_action ? mdp_.policy : mdp_.transitions;
    u(i) = std::log(tilted(e.row, e.col) / base(e.row, e.col)) -
           std::log(tilted(e.row, e.reference) / base(e.row, e.reference));
  }
  return u;
}

double tilted_chain_divergence(const FiniteMdp& mdp, const TiltedPairChain& chain) {
  const int na = mdp.actions();
  double d = 0;
  for (int s = 0; s < mdp.states(); ++s) {
    double state_cost =
        kl_divergence(chain.policy.row(s).transpose(), mdp.policy.row(s).transpose());
    for (int a = 0; a < na; ++a) {
      const int z = s * na + a;
      if (mdp.policy(s, a) == 0) continue;
      state_cost += chain.policy(s, a) * kl_divergence(chain.transitions.row(z).transpose(),
                                                       mdp.transitions.row(z).transpose());
    }
    d += chain.states(s) * state_cost;
  }
  return d;
}

}  // namespace assay::mdp_types
