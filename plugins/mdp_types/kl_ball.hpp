// The inner problem of KL-robust evaluation: the least expected value over the KL ball
//   U = { p in the simplex : D(f || p) <= radius }
// around an empirical law f. The ball is in the direction of Sanov's theorem (data first),
// so the true law lies in it with the probability the radius is chosen for.
//
// Lagrange duality (Nilim & El Ghaoui 2005) reduces it to one concave maximisation:
//   min_{p in U} p.v = max_{eta <= min_j v_j}  eta + exp(-radius) prod_j (v_j - eta)^{f_j},
// with minimiser p_j = lambda f_j / (v_j - eta), lambda = exp(-radius) prod_j (v_j - eta)^f_j
// (any mass left over goes to an unobserved argmin of v).
#pragma once

#include <Eigen/Core>

namespace assay::mdp_types {

struct BallMinimum {
  double value = 0;
  Eigen::VectorXd law;  // the minimising p
};

// Through the one-dimensional dual. An infinite radius gives min_j v_j.
BallMinimum kl_ball_minimum(const Eigen::VectorXd& empirical, const Eigen::VectorXd& values,
                            double radius);

// Brute force for 2 or 3 outcomes: the minimum of p.v over the boundary of U, found by
// bisection along `directions` evenly spread rays from a point inside U, then refined by a
// golden-section search over the ray angle.
double kl_ball_minimum_brute_force(const Eigen::VectorXd& empirical, const Eigen::VectorXd& values,
                                   double radius, int directions);

// D(f || p); infinite when p misses a point f charges.
double kl_divergence(const Eigen::VectorXd& f, const Eigen::VectorXd& p);

}  // namespace assay::mdp_types
