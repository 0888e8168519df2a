#include "assay/stats/probes.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <stdexcept>
#include <string>

namespace assay::stats {
namespace {

void require_rows(const char* what, Eigen::Index a, Eigen::Index b) {
  if (a != b) {
    throw std::invalid_argument(std::string("assay::stats: ") + what + ": " + std::to_string(a) +
                                " examples but " + std::to_string(b) + " targets");
  }
}

}  // namespace

Eigen::MatrixXd RidgeProbe::predict(const Eigen::MatrixXd& x) const {
  return (x * weights).rowwise() + intercept;
}

RidgeProbe fit_ridge(const Eigen::MatrixXd& x, const Eigen::MatrixXd& y, double lambda) {
  require_rows("fit_ridge", x.rows(), y.rows());
  const Eigen::RowVectorXd x_mean = x.colwise().mean();
  const Eigen::RowVectorXd y_mean = y.colwise().mean();
  const Eigen::MatrixXd xc = x.rowwise() - x_mean;
  const Eigen::MatrixXd yc = y.rowwise() - y_mean;
  Eigen::MatrixXd gram = xc.transpose() * xc;
  gram.diagonal().array() += lambda;
  RidgeProbe probe;
  probe.weights = gram.ldlt().solve(xc.transpose() * yc);
  probe.intercept = y_mean - x_mean * probe.weights;
  return probe;
}

double r_squared(const Eigen::MatrixXd& y, const Eigen::MatrixXd& prediction) {
  const double sse = (y - prediction).squaredNorm();
  const double sst = (y.rowwise() - y.colwise().mean()).squaredNorm();
  return 1 - sse / sst;
}

Eigen::VectorXd LogisticProbe::decision(const Eigen::MatrixXd& x) const {
  return (x * weights).array() + intercept;
}

Eigen::VectorXd LogisticProbe::probabilities(const Eigen::MatrixXd& x) const {
  return decision(x).array().logistic();
}

LogisticProbe fit_logistic(const Eigen::MatrixXd& x, const std::vector<int>& labels, double lambda,
                           int max_iterations, double tolerance) {
  require_rows("fit_logistic", x.rows(), static_cast<Eigen::Index>(labels.size()));
  const Eigen::Index n = x.rows(), d = x.cols();
  // Augmented design [x 1]; the last coefficient is the unpenalised intercept.
  Eigen::MatrixXd design(n, d + 1);
  design << x, Eigen::VectorXd::Ones(n);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) y(i) = labels[static_cast<std::size_t>(i)] != 0;
  Eigen::VectorXd penalty = Eigen::VectorXd::Constant(d + 1, lambda);
  penalty(d) = 0;
  Eigen::VectorXd beta = Eigen::VectorXd::Zero(d + 1);
  for (int it = 0; it < max_iterations; ++it) {
    const Eigen::VectorXd p = (design * beta).array().logistic();
    const Eigen::VectorXd grad =
        design.transpose() * (p - y) / static_cast<double>(n) + penalty.cwiseProduct(beta);
    const Eigen::VectorXd w = (p.array() * (1 - p.array())).matrix() / static_cast<double>(n);
    Eigen::MatrixXd hessian = design.transpose() * w.asDiagonal() * design;
    // A tiny ridge keeps the Newton system solvable when the data are separable.
    hessian.diagonal() += penalty + Eigen::VectorXd::Constant(d + 1, 1e-12);
    const Eigen::VectorXd step = hessian.ldlt().solve(grad);
    beta -= step;
    if (step.norm() < tolerance * (1 + beta.norm())) break;
  }
  LogisticProbe probe;
  probe.weights = beta.head(d);
  probe.intercept = beta(d);
  return probe;
}

}  // namespace assay::stats
