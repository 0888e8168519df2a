#include "closed_form_fields.hpp"

#include <Eigen/Eigenvalues>
#include <numbers>
#include <stdexcept>

namespace assay::lowrank_collapse {

GaussianField::GaussianField(Eigen::VectorXd mean, Eigen::MatrixXd cov) : mean_(std::move(mean)) {
  if (cov.rows() != mean_.size() || cov.cols() != mean_.size())
    throw std::invalid_argument("GaussianField: cov must be dim x dim");
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);
  if (eig.eigenvalues().minCoeff() <= 0)
    throw std::invalid_argument("GaussianField: cov must be positive definite");
  eigenvectors_ = eig.eigenvectors();
  eigenvalues_ = eig.eigenvalues();
}

Eigen::MatrixXd GaussianField::operator()(double t, const Eigen::MatrixXd& x) const {
  // A_t and Sigma_t are polynomials in cov: in its eigenbasis A_t Sigma_t^{-1} is diagonal.
  const Eigen::ArrayXd gain =
      (t * eigenvalues_.array() - (1 - t)) / ((1 - t) * (1 - t) + t * t * eigenvalues_.array());
  const Eigen::MatrixXd map =
      eigenvectors_ * gain.matrix().asDiagonal() * eigenvectors_.transpose();
  return ((x.rowwise() - t * mean_.transpose()) * map).rowwise() + mean_.transpose();
}

double GaussianField::irreducible_loss() const {
  return std::numbers::pi / 2 * eigenvalues_.array().sqrt().sum();
}

EmpiricalOptimalField::EmpiricalOptimalField(Eigen::MatrixXd training)
    : training_(std::move(training)), norms_(training_.rowwise().squaredNorm()) {}

Eigen::MatrixXd EmpiricalOptimalField::operator()(double t, const Eigen::MatrixXd& x) const {
  if (!(t < 1)) throw std::invalid_argument("EmpiricalOptimalField: defined for t < 1 only");
  const double var = (1 - t) * (1 - t);
  // -||x - t y_j||^2 / (2 var) up to the x-only term, which the softmax cancels.
  Eigen::MatrixXd logits =
      (t * x * training_.transpose()).rowwise() - (t * t / 2) * norms_.transpose();
  logits /= var;
  Eigen::VectorXd top = logits.rowwise().maxCoeff();
  Eigen::MatrixXd w = (logits.colwise() - top).array().exp();
  w.array().colwise() /= w.rowwise().sum().array();
  return (w * training_ - x) / (1 - t);
}

}  // namespace assay::lowrank_collapse
