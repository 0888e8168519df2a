#include "wasserstein.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace assay::sbi_langevin {

double w2_diagonal(const DiagonalGaussian& a, const DiagonalGaussian& b) {
  const double mean2 = (a.mean - b.mean).squaredNorm();
  const double sd2 = (a.var.array().sqrt() - b.var.array().sqrt()).matrix().squaredNorm();
  return std::sqrt(mean2 + sd2);
}

namespace {
Eigen::MatrixXd psd_sqrt(const Eigen::MatrixXd& m) {
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(m);
  const Eigen::VectorXd root = eig.eigenvalues().cwiseMax(0.0).cwiseSqrt();
  return eig.eigenvectors() * root.asDiagonal() * eig.eigenvectors().transpose();
}
}  // namespace

double w2_gaussian(const Eigen::VectorXd& mean1, const Eigen::MatrixXd& cov1,
                   const Eigen::VectorXd& mean2, const Eigen::MatrixXd& cov2) {
  const Eigen::MatrixXd root2 = psd_sqrt(cov2);
  const Eigen::MatrixXd cross = psd_sqrt(root2 * cov1 * root2);
  const double w2sq =
      (mean1 - mean2).squaredNorm() + cov1.trace() + cov2.trace() - 2.0 * cross.trace();
  return std::sqrt(std::max(w2sq, 0.0));
}

SampleMoments sample_moments(const Eigen::MatrixXd& samples) {
  SampleMoments m;
  m.mean = samples.colwise().mean().transpose();
  const Eigen::MatrixXd centred = samples.rowwise() - m.mean.transpose();
  m.cov = centred.transpose() * centred / static_cast<double>(samples.rows() - 1);
  return m;
}

W2Estimate w2_gaussian_fit(const Eigen::MatrixXd& samples, const Eigen::VectorXd& mean,
                           const Eigen::MatrixXd& cov, int bootstrap, std::mt19937_64& rng) {
  const auto fit = sample_moments(samples);
  W2Estimate out{w2_gaussian(fit.mean, fit.cov, mean, cov), std::nullopt};
  if (bootstrap < 2) return out;
  std::uniform_int_distribution<Eigen::Index> pick(0, samples.rows() - 1);
  Eigen::MatrixXd resample(samples.rows(), samples.cols());
  double sum = 0, sum2 = 0;
  for (int b = 0; b < bootstrap; ++b) {
    for (Eigen::Index r = 0; r < samples.rows(); ++r) resample.row(r) = samples.row(pick(rng));
    const auto m = sample_moments(resample);
    const double w = w2_gaussian(m.mean, m.cov, mean, cov);
    sum += w;
    sum2 += w * w;
  }
  const double mean_w = sum / bootstrap;
  out.se = std::sqrt(std::max(0.0, (sum2 - bootstrap * mean_w * mean_w) / (bootstrap - 1)));
  return out;
}

}  // namespace assay::sbi_langevin
