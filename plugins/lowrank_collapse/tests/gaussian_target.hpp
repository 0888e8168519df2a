// The anisotropic 2-d Gaussian target of the closed-form and learned-field tests.
#pragma once

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "assay/nn/matrix.hpp"

namespace lowrank_collapse_test {

inline Eigen::Vector2d target_mean() { return {1.0, -0.5}; }

inline Eigen::Matrix2d target_cov() {
  Eigen::Matrix2d s;
  s << 1.2, 0.6, 0.6, 0.5;
  return s;
}

inline Eigen::MatrixXd standard_normal(int n, int d, assay::nn::Rng& rng) {
  return assay::nn::normal_matrix<double>(n, d, 1.0, rng);
}

// n draws of N(target_mean, target_cov), one per row.
inline Eigen::MatrixXd gaussian_draws(int n, assay::nn::Rng& rng) {
  const Eigen::Matrix2d chol = target_cov().llt().matrixL();
  return (standard_normal(n, 2, rng) * chol.transpose()).rowwise() + target_mean().transpose();
}

}  // namespace lowrank_collapse_test
