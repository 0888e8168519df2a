#include "rank_intervention.hpp"

#include <limits>

#include "rank_correlation.hpp"

namespace assay::lowrank_collapse {
namespace {

constexpr double kNotApplicable = std::numeric_limits<double>::quiet_NaN();

Progress part(const Progress& progress, std::size_t i, std::size_t n) {
  if (!progress) return {};
  return [=](double f) { progress((i + f) / n); };
}

}  // namespace

std::vector<InterventionPoint> flow_matching_intervention(
    const Mixture& mixture, const Eigen::MatrixXd& training, FlowMatchingOptions options,
    const EvaluationOptions& evaluation, const std::vector<int>& ranks, std::uint64_t seed,
    const Progress& progress) {
  std::vector<InterventionPoint> points;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    options.schedule.update_rank = ranks[i];
    const auto r = flow_matching_study(mixture, training, options, evaluation, seed,
                                       part(progress, i, ranks.size()));
    points.push_back({ranks[i], r.coverage.covered, r.coverage.weight_tv,
                      r.coverage.off_mode_fraction, final_layer_mean(r.log.update_stable_rank),
                      r.log.final_loss, r.memorisation.ratio, kNotApplicable});
  }
  return points;
}

std::vector<InterventionPoint> vi_intervention(const Mixture& mixture, ViOptions options,
                                               int samples, const std::vector<int>& ranks,
                                               std::uint64_t seed, const Progress& progress) {
  std::vector<InterventionPoint> points;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    options.schedule.update_rank = ranks[i];
    const auto r = vi_study(mixture, options, samples, 0, seed, part(progress, i, ranks.size()));
    points.push_back({ranks[i], r.coverage.covered, r.coverage.weight_tv,
                      r.coverage.off_mode_fraction, final_layer_mean(r.log.update_stable_rank),
                      r.log.final_loss, kNotApplicable, r.kl});
  }
  return points;
}

double coverage_rank_trend(const std::vector<InterventionPoint>& points) {
  Eigen::VectorXd k(points.size()), covered(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    k(i) = points[i].rank > 0 ? points[i].rank : std::numeric_limits<double>::infinity();
    covered(i) = points[i].modes_covered;
  }
  return spearman(k, covered);
}

}  // namespace assay::lowrank_collapse
