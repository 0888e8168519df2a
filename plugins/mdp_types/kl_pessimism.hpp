// Pessimistic (KL-robust) policy evaluation from data, with finite-sample radii from the
// method of types.
//
// For each state-action pair z with m_z observed next states and k = |S| outcomes,
//   P( D(P^_z || P_z) >= eps ) <= |types of length m_z| e^{-m_z eps},   |types| = C(m_z+k-1, k-1),
// because every type class T has P(T) <= e^{-m_z D(T || P_z)}. A union bound over the pairs
// (and, for one trajectory, over the n possible values of the random count m_z: the
// transitions out of z are the first m_z draws of an i.i.d. stack) gives radii eps_z with
// P(every P_z is in its ball) >= 1 - alpha. The pessimistic value is the fixed point of the
// robust Bellman operator over the rectangular set, so it lies below V^pi(P) whenever the set
// covers P.
#pragma once

#include <Eigen/Core>
#include <random>

#include "finite_mdp.hpp"

namespace assay::mdp_types {

enum class Sampling {
  generative,  // n next states drawn independently from every pair z
  trajectory   // one stationary trajectory of n transitions under the policy
};

struct KlDesign {
  Sampling sampling = Sampling::generative;
  int n = 100;
  double alpha = 0.1;
};

// Transition counts |S||A| x |S| from one data set.
Eigen::MatrixXd sample_transition_counts(const FiniteMdp& mdp, const KlDesign& design,
                                         std::mt19937_64& rng);

// The radius for a pair seen `visits` times (infinite for an unvisited pair).
double kl_radius(int visits, int outcomes, int pairs, const KlDesign& design);

// Robust Bellman fixed point: V(s) = sum_a pi(a|s) [r(s,a) + gamma min_{p in U_z} p.V].
Eigen::VectorXd pessimistic_value(const FiniteMdp& mdp, const Eigen::MatrixXd& empirical,
                                  const Eigen::VectorXd& radii, double tolerance = 1e-10);

struct PessimismReplicate {
  bool covered = false;          // every true P_z lies in its ball
  bool pessimistic = false;      // V_pess <= V^pi(P) at every state
  double true_value = 0;         // initial . V^pi(P)
  double plug_in_value = 0;      // initial . V^pi(P^)
  double pessimistic_value = 0;  // initial . V_pess
  double mean_radius = 0;
};

PessimismReplicate run_pessimism_replicate(const FiniteMdp& mdp, const Eigen::VectorXd& initial,
                                           const KlDesign& design, std::mt19937_64& rng);

}  // namespace assay::mdp_types
