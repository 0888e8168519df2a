#include "kl_ball.hpp"

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "convex_line_search.hpp"

namespace assay::mdp_types {

double kl_divergence(const Eigen::VectorXd& f, const Eigen::VectorXd& p) {
  double d = 0;
  for (Eigen::Index j = 0; j < f.size(); ++j) {
    if (f(j) <= 0) continue;
    if (p(j) <= 0) return std::numeric_limits<double>::infinity();
    d += f(j) * std::log(f(j) / p(j));
  }
  return d;
}

BallMinimum kl_ball_minimum(const Eigen::VectorXd& empirical, const Eigen::VectorXd& values,
                            double radius) {
  Eigen::Index argmin = 0;
  const double v_min = values.minCoeff(&argmin);
  const Eigen::Index k = values.size();
  if (std::isinf(radius)) {
    BallMinimum out{v_min, Eigen::VectorXd::Zero(k)};
    out.law(argmin) = 1;
    return out;
  }
  // eta = v_min - u, u >= 0; minimise the negated (convex) dual.
  const auto log_geometric_mean = [&](double u) {
    double s = 0;
    for (Eigen::Index j = 0; j < k; ++j)
      if (empirical(j) > 0) s += empirical(j) * std::log(values(j) - v_min + u);
    return s;
  };
  const auto negated_dual = [&](double u) {
    return -(v_min - u) - std::exp(-radius + log_geometric_mean(u));
  };
  const double scale = std::max(1.0, values.maxCoeff() - v_min);
  const LineMinimum best = minimise_convex(negated_dual, 0.0, scale, 1e12 * scale);
  const double u = best.argmin;
  const double lambda = std::exp(-radius + log_geometric_mean(u));
  BallMinimum out{-best.value, Eigen::VectorXd::Zero(k)};
  for (Eigen::Index j = 0; j < k; ++j)
    if (empirical(j) > 0) out.law(j) = lambda * empirical(j) / (values(j) - v_min + u);
  const double left_over = 1 - out.law.sum();
  if (left_over > 0 && empirical(argmin) == 0) out.law(argmin) += left_over;
  return out;
}

double kl_ball_minimum_brute_force(const Eigen::VectorXd& empirical, const Eigen::VectorXd& values,
                                   double radius, int directions) {
  const Eigen::Index k = empirical.size();
  if (k != 2 && k != 3) throw std::invalid_argument("brute force needs 2 or 3 outcomes");
  // Rays start from a point c strictly inside both the simplex and the ball, so that they
  // reach every boundary point of the (convex) feasible set, including its parts on the
  // simplex's faces.
  const Eigen::VectorXd uniform = Eigen::VectorXd::Constant(k, 1.0 / static_cast<double>(k));
  double shrink = 0.5;
  while (kl_divergence(empirical, (1 - shrink) * empirical + shrink * uniform) > radius / 2)
    shrink /= 2;
  const Eigen::VectorXd centre = (1 - shrink) * empirical + shrink * uniform;
  Eigen::MatrixXd basis(k, k - 1);  // orthonormal basis of {x : sum x = 0}
  if (k == 2)
    basis << 1, -1;
  else
    basis << 1, 1, -1, 1, 0, -2;
  basis.colwise().normalize();
  const auto boundary_value = [&](double angle) {
    const Eigen::VectorXd dir =
        k == 2 ? Eigen::VectorXd(basis.col(0) * (std::cos(angle) >= 0 ? 1.0 : -1.0))
               : Eigen::VectorXd(basis.col(0) * std::cos(angle) + basis.col(1) * std::sin(angle));
    double exit = std::numeric_limits<double>::infinity();  // where the ray leaves the simplex
    for (Eigen::Index j = 0; j < k; ++j)
      if (dir(j) < 0) exit = std::min(exit, -centre(j) / dir(j));
    double lo = 0, hi = exit;
    if (kl_divergence(empirical, centre + exit * dir) <= radius) {
      lo = exit;
    } else {
      for (int it = 0; it < 80; ++it) {
        const double mid = 0.5 * (lo + hi);
        (kl_divergence(empirical, centre + mid * dir) <= radius ? lo : hi) = mid;
      }
    }
    return (centre + lo * dir).cwiseMax(0.0).dot(values);
  };
  if (k == 2) return std::min(boundary_value(0.0), boundary_value(std::numbers::pi));
  // A grid of angles, then golden-section refinement around the best one.
  const double step = 2 * std::numbers::pi / directions;
  int best = 0;
  double best_value = std::numeric_limits<double>::infinity();
  for (int d = 0; d < directions; ++d) {
    const double value = boundary_value(step * d);
    if (value < best_value) best_value = value, best = d;
  }
  double a = step * (best - 1), b = step * (best + 1);
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  for (int it = 0; it < 100; ++it) {
    const double c = b - ratio * (b - a), d = a + ratio * (b - a);
    if (boundary_value(c) < boundary_value(d))
      b = d;
    else
      a = c;
  }
  return std::min(best_value, boundary_value(0.5 * (a + b)));
}

}  // namespace assay::mdp_types
