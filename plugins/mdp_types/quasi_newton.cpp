#include "quasi_newton.hpp"

#include <Eigen/Dense>
#include <cmath>

namespace assay::mdp_types {

Eigen::VectorXd numerical_gradient(const std::function<double(const Eigen::VectorXd&)>& f,
                                   const Eigen::VectorXd& x, double h) {
  Eigen::VectorXd g(x.size());
  Eigen::VectorXd y = x;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    y(i) = x(i) + h;
    const double up = f(y);
    y(i) = x(i) - h;
    const double down = f(y);
    y(i) = x(i);
    g(i) = (up - down) / (2 * h);
  }
  return g;
}

QuasiNewtonResult minimise_bfgs(const std::function<double(const Eigen::VectorXd&)>& f,
                                Eigen::VectorXd x, double gradient_tolerance, int max_iterations) {
  const Eigen::Index m = x.size();
  Eigen::MatrixXd inverse_hessian = Eigen::MatrixXd::Identity(m, m);
  double fx = f(x);
  Eigen::VectorXd g = numerical_gradient(f, x);
  int iteration = 0;
  for (; iteration < max_iterations && g.lpNorm<Eigen::Infinity>() > gradient_tolerance;
       ++iteration) {
    Eigen::VectorXd direction = -inverse_hessian * g;
    if (direction.dot(g) >= 0) {  // lost descent: restart from steepest descent
      inverse_hessian.setIdentity();
      direction = -g;
    }
    double step = 1, f_new = f(x + direction);
    // Armijo backtracking; NaN or infinite trial values count as failures.
    while (!(f_new <= fx + 1e-4 * step * direction.dot(g)) && step > 1e-12) {
      step /= 2;
      f_new = f(x + step * direction);
    }
    if (!(f_new <= fx)) break;
    const Eigen::VectorXd s = step * direction;
    x += s;
    const Eigen::VectorXd g_new = numerical_gradient(f, x);
    const Eigen::VectorXd y = g_new - g;
    const double sy = s.dot(y);
    if (iteration == 0 && sy > 0) inverse_hessian *= sy / y.squaredNorm();
    if (sy > 1e-14 * s.norm() * y.norm()) {
      const double rho = 1 / sy;
      const Eigen::MatrixXd left = Eigen::MatrixXd::Identity(m, m) - rho * s * y.transpose();
      inverse_hessian = left * inverse_hessian * left.transpose() + rho * s * s.transpose();
    }
    const bool stalled = fx - f_new <= 1e-16 * std::max(1.0, std::abs(fx)) && step < 1e-6;
    fx = f_new;
    g = g_new;
    if (stalled) break;
  }
  return {x, fx, g.lpNorm<Eigen::Infinity>(), iteration};
}

}  // namespace assay::mdp_types
