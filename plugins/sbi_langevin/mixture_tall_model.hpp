// A non-Gaussian tall model whose scores and posterior are still closed form: prior
// lambda = sum_k w_k N(c_k, tau^2 I), observations x_j ~ N(theta, vx I).
//   p(theta | x_j) = sum_k w_jk N(m_jk, s I),  s = 1 / (1/tau^2 + 1/vx),
//     m_jk = s (c_k / tau^2 + x_j / vx),  w_jk ∝ w_k N(x_j; c_k, (tau^2 + vx) I);
//   diffusing a mixture diffuses each component: N(sqrt(a) m, (a v + sigma^2) I);
//   p(theta | x_1..n) = sum_k W_k N(M_k, I / u),  u = 1/tau^2 + n/vx,
//     M_k = (c_k / tau^2 + sum_j x_j / vx) / u,  W_k ∝ w_k exp(u |M_k|^2 / 2 - |c_k|^2 / (2
//     tau^2)).
// GAUSS's covariances are the moment-matched ones of lambda and of each p(theta | x_j).
#pragma once

#include <Eigen/Core>
#include <random>
#include <vector>

#include "gaussian_tall_model.hpp"
#include "tall_model.hpp"

namespace assay::sbi_langevin {

class MixtureTallModel final : public TallModel {
 public:
  MixtureTallModel(Eigen::VectorXd weights, Eigen::MatrixXd means, double component_var,
                   double noise_var, Eigen::MatrixXd observations);

  int dim() const override { return static_cast<int>(means_.cols()); }
  int n_obs() const override { return static_cast<int>(observations_.rows()); }
  Eigen::MatrixXd prior_score(const Eigen::MatrixXd& theta, Diffusion at) const override;
  Eigen::MatrixXd posterior_score(const Eigen::MatrixXd& theta, int j, Diffusion at) const override;
  Eigen::MatrixXd prior_covariance() const override;
  Eigen::MatrixXd posterior_covariance(int j) const override;
  bool posteriors_share_covariance() const override { return false; }

  // Exact draws from the tall posterior.
  Eigen::MatrixXd sample_tall_posterior(int count, std::mt19937_64& rng) const;
  // The Gaussian with the prior's mean and per-coordinate variances, same noise and data: the
  // problem the Gaussian tuning rule is run on.
  GaussianTallModel gaussian_surrogate() const;

 private:
  Eigen::VectorXd log_weights_;
  Eigen::MatrixXd means_;  // K x d
  double component_var_, noise_var_;
  Eigen::MatrixXd observations_;
  double single_var_;
  std::vector<Eigen::VectorXd> single_log_weights_;  // per observation, K
  std::vector<Eigen::MatrixXd> single_means_;        // per observation, K x d
};

// theta ~ lambda with K equally weighted components at separation * (random unit vectors),
// then n observations; what `mixture_tall_langevin` samples.
struct MixtureTallDraw {
  Eigen::VectorXd weights;
  Eigen::MatrixXd means;
  Eigen::VectorXd theta;
  Eigen::MatrixXd observations;
};
MixtureTallDraw draw_mixture_tall_data(int dim, int components, double separation,
                                       double component_var, double noise_var, int n_obs,
                                       std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
