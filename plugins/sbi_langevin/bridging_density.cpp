#include "bridging_density.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::sbi_langevin {

DiagonalWeights diagonal_composite_weights(const GaussianTallModel& model, ScoreKind kind,
                                           Diffusion at) {
  const double n = model.n_obs();
  const auto d = model.dim();
  if (kind == ScoreKind::geffner)
    return {Eigen::ArrayXd::Constant(d, 1.0 - n), Eigen::ArrayXd::Ones(d)};
  const Eigen::ArrayXd g_prior = at.sigma2 / model.prior_var().array() + at.alpha;
  const Eigen::ArrayXd g_post = at.sigma2 / model.single_posterior_var().array() + at.alpha;
  const Eigen::ArrayXd g_total = (1.0 - n) * g_prior + n * g_post;
  return {(1.0 - n) * g_prior / g_total, g_post / g_total};
}

BridgingGaussian bridging_density(const GaussianTallModel& model, ScoreKind kind, Diffusion at,
                                  const Eigen::MatrixXd& errors) {
  const double n = model.n_obs();
  const auto w = diagonal_composite_weights(model, kind, at);
  const Eigen::ArrayXd& w_prior = w.prior;
  const Eigen::ArrayXd& w_post = w.posterior;
  const Eigen::ArrayXd c_prior = (at.alpha * model.prior_var().array() + at.sigma2).inverse();
  const Eigen::ArrayXd c_post =
      (at.alpha * model.single_posterior_var().array() + at.sigma2).inverse();
  const Eigen::ArrayXd sum_means = model.sum_single_posterior_means().array();

  BridgingGaussian out;
  out.precision = (w_prior * c_prior + n * w_post * c_post).matrix();
  if ((out.precision.array() <= 0).any())
    throw std::domain_error("bridging_density: composite precision is not positive");
  Eigen::VectorXd b = (std::sqrt(at.alpha) * (w_prior * c_prior * model.prior_mean().array() +
                                              w_post * c_post * sum_means))
                          .matrix();
  if (errors.size() != 0) b += (w_post * errors.colwise().sum().transpose().array()).matrix();
  out.mean = b.cwiseQuotient(out.precision);
  return out;
}

}  // namespace assay::sbi_langevin
