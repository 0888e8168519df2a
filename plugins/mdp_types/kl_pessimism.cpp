#include "kl_pessimism.hpp"

#include <cmath>
#include <limits>

#include "event_probability.hpp"
#include "kl_ball.hpp"
#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {

double log_binomial(int n, int k) {
  return std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0);
}

Eigen::VectorXd row_law(const Eigen::MatrixXd& counts, int z) {
  const double total = counts.row(z).sum();
  if (total > 0) return counts.row(z).transpose() / total;
  return Eigen::VectorXd::Constant(counts.cols(), 1.0 / static_cast<double>(counts.cols()));
}

}  // namespace

Eigen::MatrixXd sample_transition_counts(const FiniteMdp& mdp, const KlDesign& design,
                                         std::mt19937_64& rng) {
  const auto next_state = row_samplers(mdp.transitions);
  Eigen::MatrixXd counts = Eigen::MatrixXd::Zero(mdp.pairs(), mdp.states());
  if (design.sampling == Sampling::generative) {
    for (int z = 0; z < mdp.pairs(); ++z)
      for (int i = 0; i < design.n; ++i) counts(z, next_state[z](rng)) += 1;
    return counts;
  }
  const auto action = row_samplers(mdp.policy);
  int z = CategoricalSampler(stationary_distribution(pair_kernel(mdp)))(rng);
  for (int t = 0; t < design.n; ++t) {
    const int s = next_state[z](rng);
    counts(z, s) += 1;
    z = s * mdp.actions() + action[s](rng);
  }
  return counts;
}

double kl_radius(int visits, int outcomes, int pairs, const KlDesign& design) {
  if (visits == 0) return std::numeric_limits<double>::infinity();
  const double union_size =
      design.sampling == Sampling::generative ? pairs : static_cast<double>(pairs) * design.n;
  return (log_binomial(visits + outcomes - 1, outcomes - 1) + std::log(union_size / design.alpha)) /
         visits;
}

Eigen::VectorXd pessimistic_value(const FiniteMdp& mdp, const Eigen::MatrixXd& empirical,
                                  const Eigen::VectorXd& radii, double tolerance) {
  const int ns = mdp.states(), na = mdp.actions();
  Eigen::VectorXd v = Eigen::VectorXd::Zero(ns);
  // gamma-contraction: stop when the step guarantees |V - V*| <= tolerance.
  for (int it = 0; it < 100000; ++it) {
    Eigen::VectorXd next = Eigen::VectorXd::Zero(ns);
    for (int s = 0; s < ns; ++s)
      for (int a = 0; a < na; ++a) {
        const int z = s * na + a;
        if (mdp.policy(s, a) == 0) continue;
        const double worst = kl_ball_minimum(row_law(empirical, z), v, radii(z)).value;
        next(s) += mdp.policy(s, a) * (mdp.rewards(z) + mdp.discount * worst);
      }
    const double step = (next - v).lpNorm<Eigen::Infinity>();
    v = next;
    if (step * mdp.discount / (1 - mdp.discount) <= tolerance) break;
  }
  return v;
}

PessimismReplicate run_pessimism_replicate(const FiniteMdp& mdp, const Eigen::VectorXd& initial,
                                           const KlDesign& design, std::mt19937_64& rng) {
  const Eigen::MatrixXd counts = sample_transition_counts(mdp, design, rng);
  Eigen::MatrixXd empirical(mdp.pairs(), mdp.states());
  Eigen::VectorXd radii(mdp.pairs());
  PessimismReplicate out;
  out.covered = true;
  int finite_radii = 0;
  for (int z = 0; z < mdp.pairs(); ++z) {
    empirical.row(z) = row_law(counts, z).transpose();
    const int visits = static_cast<int>(counts.row(z).sum());
    radii(z) = kl_radius(visits, mdp.states(), mdp.pairs(), design);
    if (visits > 0) {
      out.covered &= kl_divergence(empirical.row(z).transpose(),
                                   mdp.transitions.row(z).transpose()) <= radii(z);
      out.mean_radius += radii(z);
      ++finite_radii;
    }
  }
  out.mean_radius /= std::max(finite_radii, 1);
  const Eigen::VectorXd truth = policy_value(mdp, mdp.transitions);
  const Eigen::VectorXd pessimistic = pessimistic_value(mdp, empirical, radii);
  out.pessimistic = ((pessimistic - truth).array() <= 1e-8).all();
  out.true_value = initial.dot(truth);
  out.plug_in_value = initial.dot(policy_value(mdp, empirical));
  out.pessimistic_value = initial.dot(pessimistic);
  return out;
}

}  // namespace assay::mdp_types
