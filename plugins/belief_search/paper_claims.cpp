#include "paper_claims.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "belief.hpp"

namespace assay::belief_search {

double max_update_error_vs_enumeration(std::uint64_t seed, int histories) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.05, 0.95);
  double worst = 0;
  for (int i = 0; i < histories; ++i) {
    const int k = 2 + static_cast<int>(rng() % 7);
    Eigen::VectorXd prior = Eigen::VectorXd::NullaryExpr(k, [&] { return unit(rng); });
    prior /= prior.sum();
    const SensorModel model{unit(rng), unit(rng)};
    std::vector<Look> history;
    Eigen::VectorXd belief = prior;
    for (int t = 0; t < 12; ++t) {
      const Look look{static_cast<int>(rng() % static_cast<std::uint64_t>(k)), (rng() & 1) == 1};
      history.push_back(look);
      belief = bayes_update(belief, model, look.segment, look.detected);
      const Eigen::VectorXd exact = posterior_by_enumeration(prior, model, history);
      worst = std::max(worst, (belief - exact).cwiseAbs().maxCoeff());
    }
  }
  return worst;
}

CalibrationResult calibration_at_threshold(const EpisodeConfig& config, double threshold,
                                           const SensorModel& assumed_sensor, std::int64_t episodes,
                                           std::uint64_t seed) {
  SearchSettings settings;
  settings.frame_budget = 8 * config.segments;
  settings.stop_threshold = threshold;
  settings.belief_model = config.sensor;
  CalibrationResult r;
  r.threshold = threshold;
  r.well_specified = summarise(run_episodes(config, settings, episodes, seed));
  settings.belief_model = assumed_sensor;
  r.misspecified = summarise(run_episodes(config, settings, episodes, seed));
  return r;
}

FrontierComparison compare_with_baselines(const EpisodeConfig& config,
                                          const std::vector<double>& thresholds,
                                          int controller_budget, int baseline_budget,
                                          std::int64_t episodes, std::uint64_t seed) {
  FrontierComparison out;
  SearchSettings settings;
  settings.belief_model = config.sensor;
  settings.frame_budget = controller_budget;
  for (double tau : thresholds) {
    settings.stop_threshold = tau;
    const auto s = summarise(run_episodes(config, settings, episodes, seed));
    out.controller_curve.push_back({s.mean_frames, s.accuracy});
  }
  std::sort(out.controller_curve.begin(), out.controller_curve.end(),
            [](const auto& a, const auto& b) { return a.frames < b.frames; });
  settings.frame_budget = baseline_budget;
  for (const char* name : {"uniform_scan", "random_probe", "model_driven"}) {
    settings.searcher = searcher_from_name(name);
    BaselineComparison c;
    c.baseline = name;
    c.summary = summarise(run_episodes(config, settings, episodes, seed));
    c.frames_ratio =
        c.summary.mean_frames / frames_at_accuracy(out.controller_curve, c.summary.accuracy);
    c.accuracy_gain =
        accuracy_at_frames(out.controller_curve, c.summary.mean_frames) - c.summary.accuracy;
    out.baselines.push_back(c);
  }
  return out;
}

std::vector<PolicyEvaluation> train_over_seeds(const TrainingConfig& config,
                                               std::uint64_t first_seed, int seeds,
                                               std::int64_t evaluation_episodes) {
  std::vector<PolicyEvaluation> evaluations;
  for (int i = 0; i < seeds; ++i)
    evaluations.push_back(
        train_search_policy(config, first_seed + static_cast<std::uint64_t>(i), evaluation_episodes)
            .final_evaluation);
  return evaluations;
}

namespace {
double binomial_se(double p, std::int64_t n) { return std::sqrt(p * (1 - p) / n); }
}  // namespace

bool keeps_searching(const PolicyEvaluation& e, double preview_accuracy,
                     std::int64_t evaluation_episodes) {
  return e.accuracy - 4 * binomial_se(e.accuracy, evaluation_episodes) > preview_accuracy;
}

bool answers_from_preview(const PolicyEvaluation& e, double preview_accuracy,
                          std::int64_t evaluation_episodes) {
  return std::abs(e.accuracy - preview_accuracy) <=
         4 * binomial_se(preview_accuracy, evaluation_episodes);
}

}  // namespace assay::belief_search
