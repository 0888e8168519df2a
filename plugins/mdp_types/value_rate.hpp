// Large deviations of the plug-in value estimator d . V^pi(P^) by contraction.
//
// Data: n next states drawn independently from every state-action pair z (a generative data
// set), P^ the empirical kernel. By Sanov's theorem for each row and independence across rows,
// P^ obeys an LDP with rate sum_z D(P'_z || P_z); the contraction principle through the smooth
// map P' -> d . V^pi(P') gives the rate of the plug-in value
//   I(x) = inf { sum_z D(P'_z || P_z) : d . V^pi(P') = x }.
// Fixing the whole value vector W (with d . W = x) makes the constraint linear in P': the
// Bellman equations sum_a pi(a|s) P'_{sa} . W = (W(s) - r_pi(s)) / gamma, one per state. The
// inner problem then separates over states into one-dimensional Legendre transforms
//   g_s(W) = sup_lambda [ lambda c_s - sum_a log E_{P_sa} exp(lambda pi(a|s) W) ],
// attained by the exponentially tilted rows P'_sa ∝ P_sa exp(lambda_s pi(a|s) W); the outer
// problem minimises sum_s g_s(W) over the hyperplane d . W = x (|S| - 1 dimensions).
#pragma once

#include <Eigen/Core>

#include "finite_mdp.hpp"

namespace assay::mdp_types {

struct ValueRate {
  double rate = 0;              // I(x)
  Eigen::VectorXd values;       // W* = V^pi(P*), with d . W* = x
  Eigen::MatrixXd transitions;  // P*: the most likely empirical kernel with value x
  Eigen::VectorXd multipliers;  // lambda_s at the optimum
};

// I(x) for the weights d (a law on states). For |S| = 2 the outer search is a fine grid and
// Brent refinement (global); for more states a compass search from several starts (local).
// Requires discount > 0. rate is infinite when no kernel on P's support has value x.
ValueRate plug_in_value_rate(const FiniteMdp& mdp, const Eigen::VectorXd& weights, double x);

// sum_s g_s(W) and the tilted kernel attaining it, for a fixed value vector W.
ValueRate value_rate_given_values(const FiniteMdp& mdp, const Eigen::VectorXd& values);

// Asymptotic variance sigma^2 of sqrt(n) d . V^pi(P^) (delta method):
//   sigma^2 = gamma^2 sum_{s,a} w(s)^2 pi(a|s)^2 Var_{P_sa}(V),  w' = d' (I - gamma P_pi)^{-1}.
// The rate's curvature at the true value is 1 / sigma^2: I(v + delta) ~ delta^2 / (2 sigma^2).
double plug_in_value_variance(const FiniteMdp& mdp, const Eigen::VectorXd& weights);

// The same sum when pair z is estimated from share(z) n samples instead of n: each term is
// divided by share(z).
double value_variance_with_shares(const FiniteMdp& mdp, const Eigen::VectorXd& weights,
                                  const Eigen::VectorXd& share);

// sum_z D(P'_z || P_z) over the rows with pi(a|s) > 0 (the rows the value depends on).
double kernel_divergence(const FiniteMdp& mdp, const Eigen::MatrixXd& transitions);

}  // namespace assay::mdp_types
