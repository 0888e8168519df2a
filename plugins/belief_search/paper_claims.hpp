// The computations behind the plugin's checks: each returns the measured numbers so the glue
// only compares them with the claim.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "policy_training.hpp"
#include "search_evaluation.hpp"

namespace assay::belief_search {

// Largest |sequential Bayes posterior - enumeration posterior| over random histories.
double max_update_error_vs_enumeration(std::uint64_t seed, int histories);

struct CalibrationResult {
  double threshold = 0;
  SearchSummary well_specified;  // controller assumes the true sensor
  SearchSummary misspecified;    // controller assumes an overconfident sensor
};
CalibrationResult calibration_at_threshold(const EpisodeConfig& config, double threshold,
                                           const SensorModel& assumed_sensor, std::int64_t episodes,
                                           std::uint64_t seed);

struct BaselineComparison {
  std::string baseline;
  SearchSummary summary;
  double frames_ratio = 0;   // baseline frames / controller frames at the baseline's accuracy
  double accuracy_gain = 0;  // controller accuracy at the baseline's frames - baseline accuracy
};
struct FrontierComparison {
  std::vector<OperatingPoint> controller_curve;  // over stop thresholds, sorted by frames
  std::vector<BaselineComparison> baselines;
};
// The controller's accuracy/frames curve over `thresholds` against each belief-free baseline
// at `baseline_budget` frames, on the same episodes.
FrontierComparison compare_with_baselines(const EpisodeConfig& config,
                                          const std::vector<double>& thresholds,
                                          int controller_budget, int baseline_budget,
                                          std::int64_t episodes, std::uint64_t seed);

// The trained policy's evaluation for each training seed first_seed, first_seed + 1, ...,
// first_seed + seeds - 1: independent runs of the same training procedure.
std::vector<PolicyEvaluation> train_over_seeds(const TrainingConfig& config,
                                               std::uint64_t first_seed, int seeds,
                                               std::int64_t evaluation_episodes);

// A trained policy keeps searching when its accuracy on `evaluation_episodes` episodes beats the
// preview accuracy by more than 4 binomial SE; it answers from the preview when its accuracy is
// within 4 SE (of the preview accuracy's binomial SE) of it.
bool keeps_searching(const PolicyEvaluation& e, double preview_accuracy,
                     std::int64_t evaluation_episodes);
bool answers_from_preview(const PolicyEvaluation& e, double preview_accuracy,
                          std::int64_t evaluation_episodes);

}  // namespace assay::belief_search
