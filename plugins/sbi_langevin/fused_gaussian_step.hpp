// One ULA step theta <- theta + h s(theta) + sqrt(2h) xi over a block of chains in a single pass,
// for composite scores whose parts are diagonal Gaussian scores with diagonal weights (the
// Gaussian tall model, either score kind). Every one of the n single-observation scores is still
// evaluated for every chain, as a sampler calling n score networks would; what the pass saves is
// the n + 3 chains x d temporaries of CompositeScore::operator() and the passes over them. It
// rounds exactly as those Eigen expressions do, so the samples are bit for bit the same.
#pragma once

#include <Eigen/Core>
#include <optional>

#include "composite_score.hpp"

namespace assay::sbi_langevin {

class FusedGaussianStep {
 public:
  // Empty when the score is not of that form; the caller then steps through score(theta).
  static std::optional<FusedGaussianStep> of(const CompositeScore& score, double step_size);

  // `noise`: standard normals, one row per chain, the shape of theta.
  void operator()(Eigen::Ref<Eigen::MatrixXd> theta, const Eigen::MatrixXd& noise);

 private:
  FusedGaussianStep(DiagonalGaussianScores scores, const CompositeScore& score, double step_size);

  DiagonalGaussianScores scores_;
  Eigen::RowVectorXd prior_weight_, posterior_weight_, error_sum_;
  double step_size_, noise_scale_;
  Eigen::VectorXd posterior_sum_;  // one column's sum of the n scores, one entry per chain
};

}  // namespace assay::sbi_langevin
