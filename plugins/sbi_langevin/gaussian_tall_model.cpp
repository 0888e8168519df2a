#include "gaussian_tall_model.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::sbi_langevin {

GaussianTallModel::GaussianTallModel(Eigen::VectorXd prior_mean, Eigen::VectorXd prior_var,
                                     Eigen::VectorXd noise_var, Eigen::MatrixXd observations)
    : prior_mean_(std::move(prior_mean)),
      prior_var_(std::move(prior_var)),
      noise_var_(std::move(noise_var)),
      observations_(std::move(observations)) {
  const auto d = prior_mean_.size();
  if (prior_var_.size() != d || noise_var_.size() != d || observations_.cols() != d)
    throw std::invalid_argument("GaussianTallModel: prior, noise and observations disagree on dim");
  if ((prior_var_.array() <= 0).any() || (noise_var_.array() <= 0).any())
    throw std::invalid_argument("GaussianTallModel: variances must be positive");
  single_var_ = (prior_var_.cwiseInverse() + noise_var_.cwiseInverse()).cwiseInverse();
  const Eigen::ArrayXd prior_term = prior_mean_.array() / prior_var_.array();
  single_means_.resize(observations_.rows(), d);
  for (Eigen::Index j = 0; j < observations_.rows(); ++j)
    single_means_.row(j) =
        (single_var_.array() *
         (prior_term + observations_.row(j).transpose().array() / noise_var_.array()))
            .transpose();
  sum_single_means_ = single_means_.colwise().sum().transpose();
}

namespace {
// The centre sqrt(a) m and precision 1 / (a v + sigma2) of the score of N(sqrt(a) m, a v + sigma2),
// the diffusion of N(m, diag v). The score functions and diagonal_gaussian_scores both compute
// them here, so the sampler's fused pass rounds as the score functions do.
Eigen::RowVectorXd diffused_centre(const Eigen::VectorXd& mean, Diffusion at) {
  return std::sqrt(at.alpha) * mean.transpose();
}

Eigen::RowVectorXd diffused_precision(const Eigen::VectorXd& var, Diffusion at) {
  return (at.alpha * var.array() + at.sigma2).inverse().matrix().transpose();
}

// Score of N(sqrt(a) m, a v + sigma2) at every row of theta.
Eigen::MatrixXd diffused_gaussian_score(const Eigen::MatrixXd& theta, const Eigen::VectorXd& mean,
                                        const Eigen::VectorXd& var, Diffusion at) {
  const Eigen::RowVectorXd centre = diffused_centre(mean, at);
  const Eigen::RowVectorXd precision = diffused_precision(var, at);
  return -((theta.rowwise() - centre).array().rowwise() * precision.array()).matrix();
}
}  // namespace

Eigen::MatrixXd GaussianTallModel::prior_score(const Eigen::MatrixXd& theta, Diffusion at) const {
  return diffused_gaussian_score(theta, prior_mean_, prior_var_, at);
}

Eigen::MatrixXd GaussianTallModel::posterior_score(const Eigen::MatrixXd& theta, int j,
                                                   Diffusion at) const {
  return diffused_gaussian_score(theta, single_means_.row(j).transpose(), single_var_, at);
}

std::optional<DiagonalGaussianScores> GaussianTallModel::diagonal_gaussian_scores(
    Diffusion at) const {
  DiagonalGaussianScores scores{diffused_centre(prior_mean_, at),
                                diffused_precision(prior_var_, at), Eigen::MatrixXd(n_obs(), dim()),
                                diffused_precision(single_var_, at)};
  for (int j = 0; j < n_obs(); ++j)
    scores.centres.row(j) = diffused_centre(single_means_.row(j).transpose(), at);
  return scores;
}

Eigen::MatrixXd GaussianTallModel::prior_covariance() const {
  return prior_var_.asDiagonal().toDenseMatrix();
}

Eigen::MatrixXd GaussianTallModel::posterior_covariance(int) const {
  return single_var_.asDiagonal().toDenseMatrix();
}

Eigen::VectorXd GaussianTallModel::single_posterior_mean(int j) const {
  return single_means_.row(j).transpose();
}

DiagonalGaussian GaussianTallModel::tall_posterior() const {
  const double n = static_cast<double>(n_obs());
  const Eigen::VectorXd precision = prior_var_.cwiseInverse() + n * noise_var_.cwiseInverse();
  const Eigen::VectorXd sum_x = observations_.colwise().sum().transpose();
  const Eigen::VectorXd var = precision.cwiseInverse();
  const Eigen::VectorXd mean =
      var.array() * (prior_mean_.array() / prior_var_.array() + sum_x.array() / noise_var_.array());
  return {mean, var};
}

DiagonalGaussian GaussianTallModel::diffused_tall_posterior(Diffusion at) const {
  const auto post = tall_posterior();
  return {std::sqrt(at.alpha) * post.mean, (at.alpha * post.var.array() + at.sigma2).matrix()};
}

Eigen::VectorXd spread_variances(int dim, double variance, double anisotropy, bool reverse) {
  Eigen::VectorXd v(dim);
  for (int i = 0; i < dim; ++i) {
    const double u =
        dim == 1 ? 0.0 : -0.5 + static_cast<double>(reverse ? dim - 1 - i : i) / (dim - 1);
    v[i] = variance * std::pow(anisotropy, u);
  }
  return v;
}

GaussianTallDraw draw_gaussian_tall_data(const Eigen::VectorXd& prior_mean,
                                         const Eigen::VectorXd& prior_var,
                                         const Eigen::VectorXd& noise_var, int n_obs,
                                         std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  const auto d = prior_mean.size();
  GaussianTallDraw draw;
  draw.theta.resize(d);
  for (Eigen::Index i = 0; i < d; ++i)
    draw.theta[i] = prior_mean[i] + std::sqrt(prior_var[i]) * normal(rng);
  draw.observations.resize(n_obs, d);
  for (int j = 0; j < n_obs; ++j)
    for (Eigen::Index i = 0; i < d; ++i)
      draw.observations(j, i) = draw.theta[i] + std::sqrt(noise_var[i]) * normal(rng);
  return draw;
}

}  // namespace assay::sbi_langevin
