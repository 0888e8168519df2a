// With exact Gaussian scores every single-observation score is affine,
// s_i(theta) = -c_i (theta - sqrt(alpha) mu_i), so a composite score W_prior s_lambda + sum_j W_j
// s_j is affine too: s(theta) = -P theta + b. Annealed Langevin treats it as the exact score of the
// bridging density N(P^-1 b, P^-1). For the diagonal Gaussian tall model:
//   c_lambda = 1 / (alpha v0 + sigma^2),  c = 1 / (alpha s + sigma^2),
//   P = w_prior c_lambda + n w c,  b = sqrt(alpha) (w_prior c_lambda mu0 + w c sum_j m_j) + e,
// with w_prior, w the (diagonal) composite weights and e = sum_j W_j e_j the composite error.
#pragma once

#include <Eigen/Core>

#include "composite_score.hpp"
#include "gaussian_tall_model.hpp"

namespace assay::sbi_langevin {

// The composite weights of CompositeWeights in closed form for the diagonal Gaussian model
// (W_prior = diag(prior), every W_j = diag(posterior)); an independent derivation of the same
// numbers, used by the closed forms and cross-checked against CompositeWeights in the tests.
//   Geffner: prior = 1 - n, posterior = 1.
//   Linhart: g_lambda = sigma^2 / v0 + alpha, g = sigma^2 / s + alpha,
//            prior = (1 - n) g_lambda / G, posterior = g / G, G = (1 - n) g_lambda + n g.
struct DiagonalWeights {
  Eigen::ArrayXd prior;
  Eigen::ArrayXd posterior;
};
DiagonalWeights diagonal_composite_weights(const GaussianTallModel& model, ScoreKind kind,
                                           Diffusion at);

// A Gaussian with diagonal precision: the target of one annealing level.
struct BridgingGaussian {
  Eigen::VectorXd mean;
  Eigen::VectorXd precision;

  DiagonalGaussian law() const { return {mean, precision.cwiseInverse()}; }
};

// The bridging density of `kind` at `at`; `errors` (n x d, optional) are constant errors added
// to the single-observation scores. Throws if the composite precision is not positive.
BridgingGaussian bridging_density(const GaussianTallModel& model, ScoreKind kind, Diffusion at,
                                  const Eigen::MatrixXd& errors = {});

}  // namespace assay::sbi_langevin
