// Large deviations of the plug-in value d . V^pi(P^) when the data are ONE trajectory of n
// transitions of the state-action chain Z_t = (S_t, A_t) under the known policy pi, and
// P^(s'|s,a) = N((s,a) -> s') / N(s,a) from the pair counts.
//
// The pair type L_n obeys an LDP with rate D(Q||K|q) over shift-invariant pair measures Q
// (Donsker-Varadhan); P^ is the conditional of L_n marginalised over the next action, so by
// contraction
//   I(x) = inf { D(Q||K|q) : Q shift-invariant, Q << K, d . V^pi(P_Q) = x }.
// Restricted to the chains of tilted_pair_chain.hpp (no loss, see there) this is a smooth
// problem in the logits of P' and rho with one nonlinear equality constraint. It is not convex
// (the value is a nonlinear function of P', and the visit law q depends on P' and rho), so the
// optimiser below finds local minima: an augmented Lagrangian (multiplier lambda, penalty c)
//   min_u D(u) - lambda g(u) + c g(u)^2 / 2,   g(u) = d . V^pi(P'(u)) - x,
// each inner problem by BFGS, lambda <- lambda - c g between them, c raised tenfold while |g|
// does not fall fourfold. It is run from several starts (the true chain, the generative
// minimiser of value_rate.hpp, random logits) and the best feasible end point is kept; how many
// starts reach it is reported, which is evidence of, not a proof of, global optimality.
//
// The infimum can also be approached at the boundary (a pair visited o(n) times has a free
// row): the search stays in the interior, so it can only overestimate the rate where such a
// boundary point wins (far tails); the reported visit law shows how close q* comes to it.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "finite_mdp.hpp"
#include "tilted_pair_chain.hpp"

namespace assay::mdp_types {

struct TrajectoryRateOptions {
  int random_starts = 4;   // besides the true chain and the generative minimiser
  std::uint64_t seed = 1;  // of the random starts (standard normal logits)
  double spread = 1.0;     // standard deviation of the random logits
};

struct TrajectoryValueRate {
  double rate = 0;          // I(x); infinite when no start reaches d . V = x
  TiltedPairChain chain;    // the minimiser: P*, rho*, mu*, q*
  double multiplier = 0;    // lambda at the end: dI/dx at a regular minimum
  double residual = 0;      // d . V^pi(P*) - x
  double kkt_residual = 0;  // infinity norm of the Lagrangian's gradient in the logits
  int starts = 0;
  int starts_agreeing = 0;  // feasible starts ending within 1e-7 (relative) of the best
  double start_spread = 0;  // largest feasible end value minus the best
};

TrajectoryValueRate trajectory_value_rate(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                          double x, const TrajectoryRateOptions& options = {});

// Asymptotic variance of sqrt(n) (d . V^pi(P^) - d . V^pi(P)) from one stationary trajectory
// (delta method; the rows of P^ are asymptotically independent with covariance
// (diag P_z - P_z P_z') / q(z)):
//   sigma^2 = gamma^2 sum_{s,a} w(s)^2 pi(a|s)^2 Var_{P_sa}(V) / q(s,a),
// w' = d' (I - gamma P_pi)^{-1}, q the stationary pair law. I(v + delta) ~ delta^2 / (2 sigma^2).
double trajectory_value_variance(const FiniteMdp& mdp, const Eigen::VectorXd& weights);

}  // namespace assay::mdp_types
