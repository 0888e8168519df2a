#include "gram_whitened.hpp"

#include <Eigen/SVD>

namespace assay::feature_learning {

Eigen::MatrixXd gram_whitened(const Eigen::MatrixXd& w_before, const Eigen::MatrixXd& w_after) {
  // W1 W2ᵀ is square (out x out), so U and V are full orthogonal matrices even when it is rank
  // deficient (tall weights): R is orthogonal and W'ᵀW' = W2ᵀW2 exactly.
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(w_before * w_after.transpose(),
                                        Eigen::ComputeFullU | Eigen::ComputeFullV);
  return svd.matrixU() * svd.matrixV().transpose() * w_after;
}

}  // namespace assay::feature_learning
