// 2-Wasserstein distances between Gaussians (closed form) and a Gaussian fit of samples.
//   W2^2(N(m1, S1), N(m2, S2)) = |m1 - m2|^2 + tr S1 + tr S2 - 2 tr (S2^1/2 S1 S2^1/2)^1/2
// (Dowson & Landau, 1982; Givens & Shortt, 1984); diagonal covariances reduce it to
// |m1 - m2|^2 + |sqrt(v1) - sqrt(v2)|^2.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <random>

#include "gaussian_tall_model.hpp"

namespace assay::sbi_langevin {

double w2_diagonal(const DiagonalGaussian& a, const DiagonalGaussian& b);
double w2_gaussian(const Eigen::VectorXd& mean1, const Eigen::MatrixXd& cov1,
                   const Eigen::VectorXd& mean2, const Eigen::MatrixXd& cov2);

struct SampleMoments {
  Eigen::VectorXd mean;
  Eigen::MatrixXd cov;  // unbiased (divides by N - 1)
};
SampleMoments sample_moments(const Eigen::MatrixXd& samples);

// W2 between the Gaussian fit of `samples` (rows) and N(mean, cov), with a bootstrap standard
// error over `bootstrap` resamples of the rows (none with fewer than two resamples).
struct W2Estimate {
  double w2 = 0;
  std::optional<double> se;
};
W2Estimate w2_gaussian_fit(const Eigen::MatrixXd& samples, const Eigen::VectorXd& mean,
                           const Eigen::MatrixXd& cov, int bootstrap, std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
