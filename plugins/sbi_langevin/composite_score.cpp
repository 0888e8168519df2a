#include "composite_score.hpp"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <stdexcept>
#include <string>

namespace assay::sbi_langevin {

ScoreKind parse_score_kind(std::string_view name) {
  if (name == "geffner") return ScoreKind::geffner;
  if (name == "linhart") return ScoreKind::linhart;
  throw std::invalid_argument("unknown score kind '" + std::string(name) +
                              "'; expected geffner or linhart");
}

std::string_view score_kind_name(ScoreKind kind) {
  return kind == ScoreKind::geffner ? "geffner" : "linhart";
}

namespace {
// sigma^2 Sigma^-1 + alpha I: the backward-kernel precision of N(., Sigma) scaled by sigma^2.
Eigen::MatrixXd scaled_backward_precision(const Eigen::MatrixXd& covariance, Diffusion at) {
  const auto d = covariance.rows();
  const Eigen::MatrixXd inverse = covariance.llt().solve(Eigen::MatrixXd::Identity(d, d));
  return at.sigma2 * inverse + at.alpha * Eigen::MatrixXd::Identity(d, d);
}
}  // namespace

CompositeWeights::CompositeWeights(const TallModel& model, ScoreKind kind, Diffusion at) {
  const int d = model.dim(), n = model.n_obs();
  const Eigen::MatrixXd eye = Eigen::MatrixXd::Identity(d, d);
  shared_ = kind == ScoreKind::geffner || model.posteriors_share_covariance();
  if (kind == ScoreKind::geffner) {
    prior_ = (1.0 - n) * eye;
    posterior_.assign(1, eye);
    return;
  }
  const Eigen::MatrixXd g_prior = scaled_backward_precision(model.prior_covariance(), at);
  std::vector<Eigen::MatrixXd> g_post;
  Eigen::MatrixXd g_total = (1.0 - n) * g_prior;
  for (int j = 0; j < (shared_ ? 1 : n); ++j) {
    g_post.push_back(scaled_backward_precision(model.posterior_covariance(j), at));
    g_total += (shared_ ? n : 1) * g_post.back();
  }
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(g_total);
  prior_ = (1.0 - n) * lu.solve(g_prior);
  for (const auto& g : g_post) posterior_.push_back(lu.solve(g));
  const auto is_diagonal = [](const Eigen::MatrixXd& w) {
    return (w - Eigen::MatrixXd(w.diagonal().asDiagonal())).isZero(0.0);
  };
  diagonal_ = is_diagonal(prior_) && std::all_of(posterior_.begin(), posterior_.end(), is_diagonal);
}

namespace {
// scores * w^T, one score per row; a column scaling when w is diagonal, which saves a dense
// product per step in the sampler.
Eigen::MatrixXd weighted(const Eigen::MatrixXd& scores, const Eigen::MatrixXd& w, bool diagonal) {
  if (diagonal) return scores * w.diagonal().asDiagonal();
  return scores * w.transpose();
}
}  // namespace

CompositeScore::CompositeScore(const TallModel& model, ScoreKind kind, Diffusion at,
                               Eigen::MatrixXd errors)
    : model_(model), at_(at), weights_(model, kind, at), errors_(std::move(errors)) {
  if (errors_.size() == 0) errors_ = Eigen::MatrixXd::Zero(model.n_obs(), model.dim());
}

Eigen::MatrixXd CompositeScore::operator()(const Eigen::MatrixXd& theta) const {
  const bool diagonal = weights_.diagonal();
  Eigen::MatrixXd score = weighted(model_.prior_score(theta, at_), weights_.prior(), diagonal);
  if (weights_.shared()) {
    // One weight for all j: the constant errors can be summed once, outside the loop.
    Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(theta.rows(), theta.cols());
    for (int j = 0; j < model_.n_obs(); ++j) sum += model_.posterior_score(theta, j, at_);
    sum.rowwise() += errors_.colwise().sum();
    score += weighted(sum, weights_.posterior(0), diagonal);
  } else {
    for (int j = 0; j < model_.n_obs(); ++j)
      score += weighted(model_.posterior_score(theta, j, at_).rowwise() + errors_.row(j),
                        weights_.posterior(j), diagonal);
  }
  return score;
}

}  // namespace assay::sbi_langevin
