#include "mixture_tall_model.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::sbi_langevin {

namespace {
// Normalised log-weights.
Eigen::VectorXd normalise_log(const Eigen::VectorXd& log_w) {
  const double top = log_w.maxCoeff();
  return log_w.array() - (top + std::log((log_w.array() - top).exp().sum()));
}

// Score at each row of theta of sum_k exp(log_w_k) N(scale m_k, var I).
Eigen::MatrixXd isotropic_mixture_score(const Eigen::MatrixXd& theta, const Eigen::VectorXd& log_w,
                                        const Eigen::MatrixXd& means, double scale, double var) {
  const Eigen::MatrixXd centres = scale * means;  // K x d
  // log responsibilities up to a per-row constant: log w_k - |theta - c_k|^2 / (2 var)
  Eigen::MatrixXd logits = (theta * centres.transpose()) / var;  // N x K
  const Eigen::RowVectorXd offset =
      log_w.transpose().array() - 0.5 * centres.rowwise().squaredNorm().transpose().array() / var;
  logits.rowwise() += offset;
  const Eigen::VectorXd top = logits.rowwise().maxCoeff();
  Eigen::MatrixXd resp = (logits.colwise() - top).array().exp().matrix();
  resp.array().colwise() /= resp.rowwise().sum().array();
  return (resp * centres - theta) / var;
}

Eigen::MatrixXd mixture_covariance(const Eigen::VectorXd& log_w, const Eigen::MatrixXd& means,
                                   double var) {
  const Eigen::VectorXd w = log_w.array().exp();
  const Eigen::RowVectorXd mean = w.transpose() * means;
  const Eigen::MatrixXd centred = means.rowwise() - mean;
  return var * Eigen::MatrixXd::Identity(means.cols(), means.cols()) +
         centred.transpose() * w.asDiagonal() * centred;
}
}  // namespace

MixtureTallModel::MixtureTallModel(Eigen::VectorXd weights, Eigen::MatrixXd means,
                                   double component_var, double noise_var,
                                   Eigen::MatrixXd observations)
    : log_weights_(normalise_log(weights.array().log().matrix())),
      means_(std::move(means)),
      component_var_(component_var),
      noise_var_(noise_var),
      observations_(std::move(observations)) {
  if (weights.size() != means_.rows() || observations_.cols() != means_.cols())
    throw std::invalid_argument("MixtureTallModel: weights, means and observations disagree");
  single_var_ = 1.0 / (1.0 / component_var_ + 1.0 / noise_var_);
  const double spread = component_var_ + noise_var_;
  for (Eigen::Index j = 0; j < observations_.rows(); ++j) {
    const Eigen::RowVectorXd x = observations_.row(j);
    const Eigen::VectorXd log_lik = -0.5 * (means_.rowwise() - x).rowwise().squaredNorm() / spread;
    single_log_weights_.push_back(normalise_log(log_weights_ + log_lik));
    single_means_.push_back(
        (((means_ / component_var_).rowwise() + x / noise_var_) * single_var_).eval());
  }
}

Eigen::MatrixXd MixtureTallModel::prior_score(const Eigen::MatrixXd& theta, Diffusion at) const {
  return isotropic_mixture_score(theta, log_weights_, means_, std::sqrt(at.alpha),
                                 at.alpha * component_var_ + at.sigma2);
}

Eigen::MatrixXd MixtureTallModel::posterior_score(const Eigen::MatrixXd& theta, int j,
                                                  Diffusion at) const {
  return isotropic_mixture_score(theta, single_log_weights_[j], single_means_[j],
                                 std::sqrt(at.alpha), at.alpha * single_var_ + at.sigma2);
}

Eigen::MatrixXd MixtureTallModel::prior_covariance() const {
  return mixture_covariance(log_weights_, means_, component_var_);
}

Eigen::MatrixXd MixtureTallModel::posterior_covariance(int j) const {
  return mixture_covariance(single_log_weights_[j], single_means_[j], single_var_);
}

Eigen::MatrixXd MixtureTallModel::sample_tall_posterior(int count, std::mt19937_64& rng) const {
  const double n = n_obs();
  const double precision = 1.0 / component_var_ + n / noise_var_;
  const Eigen::RowVectorXd data_term = observations_.colwise().sum() / noise_var_;
  const Eigen::MatrixXd centres =
      ((means_ / component_var_).rowwise() + data_term) / precision;  // K x d
  const Eigen::VectorXd log_w = normalise_log(
      log_weights_.array() + 0.5 * precision * centres.rowwise().squaredNorm().array() -
      0.5 * means_.rowwise().squaredNorm().array() / component_var_);
  std::vector<double> w(log_w.size());
  for (Eigen::Index k = 0; k < log_w.size(); ++k) w[k] = std::exp(log_w[k]);
  std::discrete_distribution<int> pick(w.begin(), w.end());
  std::normal_distribution<double> normal;
  const double sd = 1.0 / std::sqrt(precision);
  Eigen::MatrixXd out(count, dim());
  for (int r = 0; r < count; ++r) {
    const int k = pick(rng);
    for (int i = 0; i < dim(); ++i) out(r, i) = centres(k, i) + sd * normal(rng);
  }
  return out;
}

GaussianTallModel MixtureTallModel::gaussian_surrogate() const {
  const Eigen::VectorXd w = log_weights_.array().exp();
  return GaussianTallModel(means_.transpose() * w, prior_covariance().diagonal(),
                           Eigen::VectorXd::Constant(dim(), noise_var_), observations_);
}

MixtureTallDraw draw_mixture_tall_data(int dim, int components, double separation,
                                       double component_var, double noise_var, int n_obs,
                                       std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  MixtureTallDraw draw;
  draw.weights = Eigen::VectorXd::Constant(components, 1.0 / components);
  draw.means.resize(components, dim);
  for (int k = 0; k < components; ++k) {
    for (int i = 0; i < dim; ++i) draw.means(k, i) = normal(rng);
    draw.means.row(k) *= separation / draw.means.row(k).norm();
  }
  const int k = std::uniform_int_distribution<int>(0, components - 1)(rng);
  draw.theta.resize(dim);
  for (int i = 0; i < dim; ++i)
    draw.theta[i] = draw.means(k, i) + std::sqrt(component_var) * normal(rng);
  draw.observations.resize(n_obs, dim);
  for (int j = 0; j < n_obs; ++j)
    for (int i = 0; i < dim; ++i)
      draw.observations(j, i) = draw.theta[i] + std::sqrt(noise_var) * normal(rng);
  return draw;
}

}  // namespace assay::sbi_langevin
