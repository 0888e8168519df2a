#include "finite_mdp.hpp"

#include <Eigen/LU>
#include <cmath>
#include <stdexcept>

#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {
void require_rows_are_laws(const Eigen::MatrixXd& m, const char* what) {
  if ((m.array() < 0).any())
    throw std::invalid_argument(std::string(what) + " has a negative entry");
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    if (std::abs(m.row(i).sum() - 1) > 1e-9)
      throw std::invalid_argument(std::string(what) + ": row " + std::to_string(i) +
                                  " does not sum to 1");
}
}  // namespace

void FiniteMdp::validate() const {
  if (policy.size() == 0) throw std::invalid_argument("policy is empty");
  if (transitions.rows() != pairs() || transitions.cols() != states())
    throw std::invalid_argument("transitions must be |S||A| x |S| = " + std::to_string(pairs()) +
                                " x " + std::to_string(states()) + " for this policy");
  if (rewards.size() != pairs())
    throw std::invalid_argument("rewards must have |S||A| = " + std::to_string(pairs()) +
                                " entries");
  if (!(discount >= 0 && discount < 1)) throw std::invalid_argument("discount must be in [0, 1)");
  require_rows_are_laws(transitions, "transitions");
  require_rows_are_laws(policy, "policy");
}

Eigen::MatrixXd pair_kernel(const FiniteMdp& mdp) {
  const int na = mdp.actions();
  Eigen::MatrixXd k(mdp.pairs(), mdp.pairs());
  for (int z = 0; z < mdp.pairs(); ++z)
    for (int s = 0; s < mdp.states(); ++s)
      for (int a = 0; a < na; ++a) k(z, s * na + a) = mdp.transitions(z, s) * mdp.policy(s, a);
  return k;
}

Eigen::MatrixXd state_chain(const Eigen::MatrixXd& transitions, const Eigen::MatrixXd& policy) {
  const Eigen::Index ns = policy.rows(), na = policy.cols();
  Eigen::MatrixXd p_pi = Eigen::MatrixXd::Zero(ns, ns);
  for (Eigen::Index s = 0; s < ns; ++s)
    for (Eigen::Index a = 0; a < na; ++a) p_pi.row(s) += policy(s, a) * transitions.row(s * na + a);
  return p_pi;
}

Eigen::VectorXd discounted_occupancy(const FiniteMdp& mdp, const Eigen::VectorXd& d) {
  const int ns = mdp.states();
  const Eigen::MatrixXd p_pi = state_chain(mdp.transitions, mdp.policy);
  return (Eigen::MatrixXd::Identity(ns, ns) - mdp.discount * p_pi)
      .transpose()
      .partialPivLu()
      .solve(d);
}

Eigen::VectorXd policy_value(const FiniteMdp& mdp, const Eigen::MatrixXd& transitions) {
  const int ns = mdp.states(), na = mdp.actions();
  Eigen::VectorXd r_pi = Eigen::VectorXd::Zero(ns);
  for (int s = 0; s < ns; ++s)
    for (int a = 0; a < na; ++a) r_pi(s) += mdp.policy(s, a) * mdp.rewards(s * na + a);
  const Eigen::MatrixXd p_pi = state_chain(transitions, mdp.policy);
  return (Eigen::MatrixXd::Identity(ns, ns) - mdp.discount * p_pi).partialPivLu().solve(r_pi);
}

}  // namespace assay::mdp_types
