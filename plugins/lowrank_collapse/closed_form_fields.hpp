// Closed-form flow-matching fields for the I-CFM path with sigma = 0: x_t = (1 - t) x0 + t x1,
// x0 ~ N(0, I), conditional velocity x1 - x0. The marginal field u(t, x) = E[x1 - x0 | x_t = x]
// is what conditional flow matching regresses onto.
#pragma once

#include <Eigen/Core>

namespace assay::lowrank_collapse {

// Target N(mean, cov), cov symmetric positive definite. With A_t = t cov - (1 - t) I and
// Sigma_t = (1 - t)^2 I + t^2 cov (the covariance of x_t):
//   u(t, x) = mean + A_t Sigma_t^{-1} (x - t mean).
class GaussianField {
 public:
  GaussianField(Eigen::VectorXd mean, Eigen::MatrixXd cov);
  Eigen::MatrixXd operator()(double t, const Eigen::MatrixXd& x) const;  // one point per row
  // E||x1 - x0 - u(t, x_t)||^2 integrated over t in [0, 1]: the smallest value the summed
  // (not averaged) squared CFM loss can reach. Per eigenvalue l of cov the integrand is
  // l / ((1 - t)^2 + t^2 l), whose integral is (pi / 2) sqrt(l); so the minimum is
  // (pi / 2) tr(cov^{1/2}).
  double irreducible_loss() const;

 private:
  Eigen::VectorXd mean_;
  Eigen::MatrixXd eigenvectors_;
  Eigen::VectorXd eigenvalues_;
};

// The field whose flow reproduces a finite training set y_1..y_n exactly (the optimum of the
// CFM loss over the empirical distribution): given x_t = x, the posterior over which y_j it
// came from has weights softmax_j(-||x - t y_j||^2 / (2 (1 - t)^2)), and
//   u(t, x) = sum_j w_j (y_j - x) / (1 - t).
// Defined for t < 1; its flow from N(0, I) ends on the training points.
class EmpiricalOptimalField {
 public:
  explicit EmpiricalOptimalField(Eigen::MatrixXd training);
  Eigen::MatrixXd operator()(double t, const Eigen::MatrixXd& x) const;

 private:
  Eigen::MatrixXd training_;
  Eigen::VectorXd norms_;
};

}  // namespace assay::lowrank_collapse
