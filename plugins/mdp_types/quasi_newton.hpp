// Unconstrained smooth minimisation by BFGS with central-difference gradients and a
// backtracking (Armijo) line search. The problems it serves have a dozen variables and cheap
// objectives (a few small linear solves), so finite differences cost less than deriving
// gradients of stationary laws, and their error (~1e-10) is far below the tolerances used.
#pragma once

#include <Eigen/Core>
#include <functional>

namespace assay::mdp_types {

struct QuasiNewtonResult {
  Eigen::VectorXd argmin;
  double value = 0;
  double gradient_norm = 0;  // infinity norm at argmin
  int iterations = 0;
};

// Central-difference gradient of f at x with step h.
Eigen::VectorXd numerical_gradient(const std::function<double(const Eigen::VectorXd&)>& f,
                                   const Eigen::VectorXd& x, double h = 1e-6);

// Stops when the gradient's infinity norm is below gradient_tolerance, when a line search
// cannot decrease f any more, or after max_iterations.
QuasiNewtonResult minimise_bfgs(const std::function<double(const Eigen::VectorXd&)>& f,
                                Eigen::VectorXd x, double gradient_tolerance = 1e-9,
                                int max_iterations = 400);

}  // namespace assay::mdp_types
