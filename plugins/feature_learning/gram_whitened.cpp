#include "gram_whitened.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

namespace assay::feature_learning {

Eigen::MatrixXd gram_whitened_step(const Eigen::MatrixXd& w, const Eigen::MatrixXd& w_grad,
                                   double eta) {
  const Eigen::MatrixXd w_sgd = w - eta * w_grad;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> gram(w_sgd.transpose() * w_sgd);
  const Eigen::MatrixXd root = gram.eigenvectors() *
                               gram.eigenvalues().cwiseMax(0.0).cwiseSqrt().asDiagonal() *
                               gram.eigenvectors().transpose();
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(w, Eigen::ComputeThinU | Eigen::ComputeThinV);
  return svd.matrixU() * svd.matrixV().transpose() * root;
}

}  // namespace assay::feature_learning
