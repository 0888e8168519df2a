#include "held_out_evaluation.hpp"

#include <assay/stats/metrics.hpp>
#include <assay/stats/spectrum.hpp>
#include <stdexcept>
#include <string>

namespace assay::aigi_artifacts {

namespace {

GeneratorScore score_generator(int generator, const Eigen::VectorXd& real_scores,
                               const Eigen::VectorXd& fake_scores) {
  const auto n = real_scores.size(), m = fake_scores.size();
  Eigen::VectorXd scores(n + m);
  scores << real_scores, fake_scores;
  std::vector<int> labels(n, 0);
  labels.resize(n + m, 1);
  const double correct =
      static_cast<double>((real_scores.array() < 0).count() + (fake_scores.array() >= 0).count());
  return {generator, correct / static_cast<double>(n + m), stats::average_precision(scores, labels),
          stats::auroc(scores, labels)};
}

}  // namespace

HeldOutEvaluation evaluate_held_out(const Detector& detector, const nn::Matrix& reals,
                                    const std::vector<nn::Matrix>& fakes,
                                    const std::vector<int>& held_out) {
  if (held_out.empty()) throw std::invalid_argument("held-out generators: none given");
  HeldOutEvaluation out;
  const auto real_scores = detector.scores(reals);
  std::vector<nn::Matrix> feature_blocks{detector.feature_values(reals)};
  for (int g : held_out) {
    if (g < 0 || g >= static_cast<int>(fakes.size()))
      throw std::invalid_argument("held-out generator " + std::to_string(g) + " outside [0, " +
                                  std::to_string(fakes.size()) + ")");
    feature_blocks.push_back(detector.feature_values(fakes[g]));
    const auto fake_scores = detector.head_scores(feature_blocks.back());
    out.per_generator.push_back(score_generator(g, real_scores, fake_scores));
    out.accuracy += out.per_generator.back().accuracy;
    out.map += out.per_generator.back().ap;
    out.auc += out.per_generator.back().auc;
  }
  const double k = static_cast<double>(held_out.size());
  out.accuracy /= k;
  out.map /= k;
  out.auc /= k;
  Eigen::Index rows = 0;
  for (const auto& b : feature_blocks) rows += b.rows();
  Eigen::MatrixXd all(rows, kFeatures);
  rows = 0;
  for (const auto& b : feature_blocks) {
    all.middleRows(rows, b.rows()) = b.cast<double>();
    rows += b.rows();
  }
  all.rowwise() -= all.colwise().mean();
  out.effective_rank = stats::effective_rank(all);
  return out;
}

}  // namespace assay::aigi_artifacts
