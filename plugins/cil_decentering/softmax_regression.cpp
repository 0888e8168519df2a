#include "softmax_regression.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "softmax_hessian.hpp"

namespace assay::cil_decentering {
namespace {

// Parameters theta as a K x (d+1) matrix [W | b]; data augmented with a constant column.
struct Objective {
  const Eigen::MatrixXd& x;  // n x (d+1)
  const Eigen::MatrixXd& y;  // n x K one-hot
  double l2;
  SoftmaxHessian hessian;  // the data part

  Eigen::MatrixXd probabilities(const Eigen::MatrixXd& theta) const {
    Eigen::MatrixXd z = x * theta.transpose();
    const Eigen::VectorXd row_max = z.rowwise().maxCoeff();
    z.colwise() -= row_max;
    z = z.array().exp();
    z.array().colwise() /= z.rowwise().sum().array();
    return z;
  }

  double loss(const Eigen::MatrixXd& theta) const {
    Eigen::MatrixXd z = x * theta.transpose();
    const Eigen::VectorXd row_max = z.rowwise().maxCoeff();
    z.colwise() -= row_max;
    // -log softmax_y = log sum exp(z - max) - (z - max)_y: shifting by the row max is exact.
    const double nll = z.array().exp().rowwise().sum().log().sum() - (z.array() * y.array()).sum();
    return nll / double(x.rows()) + 0.5 * l2 * theta.squaredNorm();
  }

  Eigen::MatrixXd gradient(const Eigen::MatrixXd& theta, const Eigen::MatrixXd& p) const {
    return (p - y).transpose() * x / double(x.rows()) + l2 * theta;
  }

  Eigen::MatrixXd hessian_with_penalty(const Eigen::MatrixXd& p) const {
    Eigen::MatrixXd h = hessian(p);
    h.diagonal().array() += l2;
    return h;
  }
};

Eigen::VectorXd flatten(const Eigen::MatrixXd& theta) {
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows = theta;
  return Eigen::Map<const Eigen::VectorXd>(rows.data(), rows.size());
}

Eigen::MatrixXd unflatten(const Eigen::VectorXd& v, Eigen::Index k_total, Eigen::Index m) {
  return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      v.data(), k_total, m);
}

}  // namespace

LinearHead fit_softmax_regression(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                  int classes, const SoftmaxFitOptions& options,
                                  SoftmaxFitReport* report) {
  const Eigen::Index n = features.rows(), d = features.cols();
  if (n == 0 || labels.size() != n) throw std::invalid_argument("need one label per sample");
  if (labels.minCoeff() < 0 || labels.maxCoeff() >= classes)
    throw std::invalid_argument("labels must lie in [0, classes)");
  if (!(options.l2 > 0)) throw std::invalid_argument("l2 must be positive");

  Eigen::MatrixXd x(n, d + 1);
  x << features, Eigen::VectorXd::Ones(n);
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(n, classes);
  for (Eigen::Index i = 0; i < n; ++i) y(i, labels(i)) = 1.0;
  const Objective objective{x, y, options.l2, SoftmaxHessian(x, classes)};

  Eigen::MatrixXd theta = Eigen::MatrixXd::Zero(classes, d + 1);
  double loss = objective.loss(theta);
  SoftmaxFitReport r;
  for (r.iterations = 0; r.iterations < options.max_iterations; ++r.iterations) {
    const Eigen::MatrixXd p = objective.probabilities(theta);
    const Eigen::MatrixXd g = objective.gradient(theta, p);
    r.gradient_norm = g.cwiseAbs().maxCoeff();
    if (r.gradient_norm <= options.gradient_tolerance) {
      r.converged = true;
      break;
    }
    const Eigen::VectorXd g_flat = flatten(g);
    const Eigen::VectorXd step = -objective.hessian_with_penalty(p).llt().solve(g_flat);
    const double slope = g_flat.dot(step);
    // Newton decrement at rounding level: the loss cannot be resolved any further.
    if (-0.5 * slope <= 1e-14 * std::max(1.0, std::abs(loss))) {
      r.converged = true;
      break;
    }
    double t = 1.0;  // Armijo backtracking; the full Newton step is taken near the optimum
    Eigen::MatrixXd candidate = theta + unflatten(step, classes, d + 1);
    double candidate_loss = objective.loss(candidate);
    while (candidate_loss > loss + 1e-4 * t * slope && t > 1e-10) {
      t *= 0.5;
      candidate = theta + t * unflatten(step, classes, d + 1);
      candidate_loss = objective.loss(candidate);
    }
    theta = std::move(candidate);
    loss = candidate_loss;
  }
  r.loss = loss;
  if (report) *report = r;
  return {theta.leftCols(d), theta.col(d)};
}

}  // namespace assay::cil_decentering
