// Compositional scores for the tall posterior p(theta | x_1..n) ∝ lambda(theta)^(1-n)
// prod_j p(theta | x_j), built at diffusion time t from the diffused prior score s_lambda and the
// n single-observation scores s_j. Both proposals are linear combinations
//   s(theta) = W_prior s_lambda(theta) + sum_j W_j s_j(theta):
//   Geffner et al. (2023):  W_prior = (1 - n) I, W_j = I.
//   Linhart et al. (GAUSS): with sigma^2-scaled backward-kernel precisions
//     G_lambda = sigma^2 Sigma_lambda^-1 + alpha I,  G_j = sigma^2 Sigma_j^-1 + alpha I,
//     G = (1 - n) G_lambda + sum_j G_j,
//   W_prior = (1 - n) G^-1 G_lambda and W_j = G^-1 G_j — the paper's Lambda^-1 [(1-n)
//   Lambda_lambda s_lambda + sum_j Lambda_j s_j] with Lambda = G / sigma^2, which stays finite
//   at sigma = 0.
#pragma once

#include <Eigen/Core>
#include <string_view>
#include <vector>

#include "tall_model.hpp"

namespace assay::sbi_langevin {

enum class ScoreKind { geffner, linhart };

ScoreKind parse_score_kind(std::string_view name);  // "geffner" | "linhart"
std::string_view score_kind_name(ScoreKind kind);

class CompositeWeights {
 public:
  CompositeWeights(const TallModel& model, ScoreKind kind, Diffusion at);

  const Eigen::MatrixXd& prior() const { return prior_; }
  // The weight of observation j; one matrix when the model's posteriors share a covariance.
  const Eigen::MatrixXd& posterior(int j) const { return posterior_[shared_ ? 0 : j]; }
  bool shared() const { return shared_; }
  // True when every weight is a diagonal matrix (Gaussian models with diagonal covariances).
  bool diagonal() const { return diagonal_; }

 private:
  Eigen::MatrixXd prior_;
  std::vector<Eigen::MatrixXd> posterior_;
  bool shared_ = true;
  bool diagonal_ = true;
};

// The composite score at one diffusion time, optionally with a constant error e_j added to each
// single-observation score (how a learned score errs, in the sampler's `score_noise`).
class CompositeScore {
 public:
  CompositeScore(const TallModel& model, ScoreKind kind, Diffusion at, Eigen::MatrixXd errors = {});

  // One score per row of theta.
  Eigen::MatrixXd operator()(const Eigen::MatrixXd& theta) const;
  const CompositeWeights& weights() const { return weights_; }
  const TallModel& model() const { return model_; }
  Diffusion at() const { return at_; }
  const Eigen::MatrixXd& errors() const { return errors_; }  // n x d

 private:
  const TallModel& model_;
  Diffusion at_;
  CompositeWeights weights_;
  Eigen::MatrixXd errors_;
};

}  // namespace assay::sbi_langevin
