#include "feature_learning_equation.hpp"

#include <stdexcept>

namespace assay::feature_learning {

Eigen::MatrixXd gram_change(const Eigen::MatrixXd& w_before, const Eigen::MatrixXd& w_after) {
  return w_after.transpose() * w_after - w_before.transpose() * w_before;
}

Eigen::MatrixXd virtual_covariance(const Eigen::MatrixXd& x, const Eigen::MatrixXd& x_grad,
                                   double eta) {
  const Eigen::MatrixXd moved = x - eta * x_grad;
  return moved.transpose() * moved - x.transpose() * x;
}

double feq_relative_error(const Eigen::MatrixXd& gram_change, const Eigen::MatrixXd& vc) {
  return (gram_change - vc).norm() / vc.norm();
}

double log_log_slope(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  if (x.size() != y.size() || x.size() < 2)
    throw std::invalid_argument("log_log_slope needs two equally long series of >= 2 points");
  const Eigen::ArrayXd lx = x.array().log(), ly = y.array().log();
  const Eigen::ArrayXd cx = lx - lx.mean(), cy = ly - ly.mean();
  return (cx * cy).sum() / cx.square().sum();
}

}  // namespace assay::feature_learning
