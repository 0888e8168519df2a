// Compiled with -ffp-contract=off (CMakeLists.txt): the unfused expressions this pass replaces
// round every product and sum separately, except theta + (h s + sqrt(2h) xi), where the compiler
// fused the noise term into one multiply-add; that one is written out as std::fma, and nothing
// else may be contracted.
#include "fused_gaussian_step.hpp"

#include <cmath>

namespace assay::sbi_langevin {

std::optional<FusedGaussianStep> FusedGaussianStep::of(const CompositeScore& score,
                                                       double step_size) {
  if (!score.weights().diagonal() || !score.weights().shared()) return std::nullopt;
  auto scores = score.model().diagonal_gaussian_scores(score.at());
  if (!scores) return std::nullopt;
  return FusedGaussianStep(std::move(*scores), score, step_size);
}

FusedGaussianStep::FusedGaussianStep(DiagonalGaussianScores scores, const CompositeScore& score,
                                     double step_size)
    : scores_(std::move(scores)),
      prior_weight_(score.weights().prior().diagonal().transpose()),
      posterior_weight_(score.weights().posterior(0).diagonal().transpose()),
      error_sum_(score.errors().colwise().sum()),
      step_size_(step_size),
      noise_scale_(std::sqrt(2.0 * step_size)) {}

void FusedGaussianStep::operator()(Eigen::Ref<Eigen::MatrixXd> theta,
                                   const Eigen::MatrixXd& noise) {
  const Eigen::Index rows = theta.rows(), n = scores_.centres.rows();
  posterior_sum_.resize(rows);
  double* const sum = posterior_sum_.data();
  for (Eigen::Index c = 0; c < theta.cols(); ++c) {
    double* const t = theta.col(c).data();
    const double* const xi = noise.col(c).data();
    const double precision = scores_.precision[c];
    for (Eigen::Index r = 0; r < rows; ++r) sum[r] = 0.0;
    // Adding -((t - centre) p), as the unfused sum does, is subtracting (t - centre) p.
    for (Eigen::Index j = 0; j < n; ++j) {
      const double centre = scores_.centres(j, c);
      for (Eigen::Index r = 0; r < rows; ++r) sum[r] -= (t[r] - centre) * precision;
    }
    const double prior_centre = scores_.prior_centre[c],
                 prior_precision = scores_.prior_precision[c];
    const double prior_weight = prior_weight_[c], posterior_weight = posterior_weight_[c];
    const double error_sum = error_sum_[c];
    for (Eigen::Index r = 0; r < rows; ++r) {
      const double prior_score = -((t[r] - prior_centre) * prior_precision);
      const double score = prior_score * prior_weight + (sum[r] + error_sum) * posterior_weight;
      t[r] += std::fma(noise_scale_, xi[r], step_size_ * score);
    }
  }
}

}  // namespace assay::sbi_langevin
