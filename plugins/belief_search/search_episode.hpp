// A simulated long-video question: K segments, the answer in one of them, a question-conditioned
// prior, a noisy detector (the stand-in for the VLM) and preview frames with a guessable answer.
// Sensor noise comes from common random numbers keyed by (episode, segment, look), so every
// searcher run on the same episode seed faces exactly the same world.
#pragma once
#include <Eigen/Dense>
#include <cstdint>

namespace assay::belief_search {

// P(detection | segment holds the answer) and P(detection | it does not).
struct SensorModel {
  double true_positive_rate = 0.8;
  double false_positive_rate = 0.1;
};

struct EpisodeConfig {
  int segments = 16;
  // Scale of the prior's logits: 0 is a uniform prior, larger is a sharper question cue.
  double prior_quality = 1.0;
  SensorModel sensor;
  // Probability that the answer guessed from the preview frames alone is right.
  double preview_accuracy = 0.4;
};

struct Episode {
  Eigen::VectorXd prior;  // the question-conditioned prior over segments
  int answer_segment = 0;
  bool preview_correct = false;
  std::uint64_t noise_seed = 0;
};

// The answer is drawn from the prior itself, so the prior is calibrated by construction.
Episode sample_episode(const EpisodeConfig& config, std::uint64_t seed, std::int64_t index);

// An episode whose question gives the prior `prior` (answer, preview and noise still drawn).
Episode sample_episode_with_prior(const Eigen::VectorXd& prior, double preview_accuracy,
                                  std::uint64_t seed, std::int64_t index);

// The detector's output on the `look`-th frame taken from `segment` (looks are independent).
bool observe(const Episode& episode, const SensorModel& sensor, int segment, int look);

// splitmix64 mixing: a seed per (seed, stream) without shared state.
std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream);

}  // namespace assay::belief_search
