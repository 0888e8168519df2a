// The Gaussian tall model: prior N(mu0, diag(v0)), observations x_j ~ N(theta, diag(vx)).
// Every density in sight is Gaussian with a diagonal covariance, so scores, bridging densities
// and the exact posterior are closed form.
#pragma once

#include <Eigen/Core>
#include <random>

#include "tall_model.hpp"

namespace assay::sbi_langevin {

// A Gaussian with diagonal covariance: mean and per-coordinate variances.
struct DiagonalGaussian {
  Eigen::VectorXd mean;
  Eigen::VectorXd var;
};

class GaussianTallModel final : public TallModel {
 public:
  GaussianTallModel(Eigen::VectorXd prior_mean, Eigen::VectorXd prior_var,
                    Eigen::VectorXd noise_var, Eigen::MatrixXd observations);

  int dim() const override { return static_cast<int>(prior_mean_.size()); }
  int n_obs() const override { return static_cast<int>(observations_.rows()); }
  Eigen::MatrixXd prior_score(const Eigen::MatrixXd& theta, Diffusion at) const override;
  Eigen::MatrixXd posterior_score(const Eigen::MatrixXd& theta, int j, Diffusion at) const override;
  Eigen::MatrixXd prior_covariance() const override;
  Eigen::MatrixXd posterior_covariance(int j) const override;
  bool posteriors_share_covariance() const override { return true; }
  std::optional<DiagonalGaussianScores> diagonal_gaussian_scores(Diffusion at) const override;

  const Eigen::VectorXd& prior_mean() const { return prior_mean_; }
  const Eigen::VectorXd& prior_var() const { return prior_var_; }
  const Eigen::VectorXd& noise_var() const { return noise_var_; }
  const Eigen::MatrixXd& observations() const { return observations_; }

  // p(theta | x_j) = N(m_j, diag(s)), s = 1 / (1/v0 + 1/vx), m_j = s (mu0/v0 + x_j/vx).
  const Eigen::VectorXd& single_posterior_var() const { return single_var_; }
  Eigen::VectorXd single_posterior_mean(int j) const;
  const Eigen::VectorXd& sum_single_posterior_means() const { return sum_single_means_; }
  // p(theta | x_1..n) = N(m, diag(1 / (1/v0 + n/vx))), m = var (mu0/v0 + sum_j x_j / vx).
  DiagonalGaussian tall_posterior() const;
  // The forward diffusion of the tall posterior at `at`: N(sqrt(a) m, a V + sigma2).
  DiagonalGaussian diffused_tall_posterior(Diffusion at) const;

 private:
  Eigen::VectorXd prior_mean_, prior_var_, noise_var_;
  Eigen::MatrixXd observations_;
  Eigen::VectorXd single_var_;
  Eigen::MatrixXd single_means_;  // n x d, row j = m_j
  Eigen::VectorXd sum_single_means_;
};

// Per-coordinate variances v * a^(-1/2 + i/(d-1)), i = 0..d-1: geometric from v/sqrt(a) to
// v sqrt(a) (all v when a = 1 or d = 1); `reverse` runs the other way.
Eigen::VectorXd spread_variances(int dim, double variance, double anisotropy, bool reverse);

// theta ~ prior, then n observations x_j = theta + sqrt(vx) xi_j.
struct GaussianTallDraw {
  Eigen::VectorXd theta;
  Eigen::MatrixXd observations;
};
GaussianTallDraw draw_gaussian_tall_data(const Eigen::VectorXd& prior_mean,
                                         const Eigen::VectorXd& prior_var,
                                         const Eigen::VectorXd& noise_var, int n_obs,
                                         std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
