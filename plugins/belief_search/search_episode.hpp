// A simulated long-video question: K segments, the answer in one of them (or in a run of
// consecutive ones), a question-conditioned prior, a noisy detector (the stand-in for the VLM,
// binary or with graded confidence) and preview frames with a guessable answer.
// Sensor noise comes from common random numbers keyed by (episode, segment, look), so every
// searcher run on the same episode seed faces exactly the same world.
#pragma once
#include <Eigen/Dense>
#include <assay/seed.hpp>  // mix_seed
#include <cstdint>

namespace assay::belief_search {

// P(detection | segment holds the answer) and P(detection | it does not). A graded detector
// also reports its confidence: a score ~ N(mu, 1) with mu = Phi^-1(rate) of the segment's
// rate, thresholded at 0 into the same detection (equal-variance signal detection).
struct SensorModel {
  double true_positive_rate = 0.8;
  double false_positive_rate = 0.1;
  bool graded = false;
};

// Phi^-1(rate): the mean score of a graded detector whose detection rate is `rate` (0 < rate < 1).
double detector_score_mean(double rate);

struct Reading {
  bool detected = false;
  double score = 0;  // graded confidence (binary detector: 1 if detected, else 0)
};

struct EpisodeConfig {
  int segments = 16;
  // Scale of the prior's logits: 0 is a uniform prior, larger is a sharper question cue.
  double prior_quality = 1.0;
  SensorModel sensor;
  // Probability that the answer guessed from the preview frames alone is right.
  double preview_accuracy = 0.4;
  // The answer occupies this many consecutive segments from its (prior-drawn) start, clipped at
  // the video's end; the prior is over the start.
  int answer_span = 1;
};

struct Episode {
  Eigen::VectorXd prior;  // the question-conditioned prior over segments
  // The prior up to a constant factor and its logarithm (-inf where it is 0): what a searcher's
  // belief starts from (BeliefWeights), without a division per segment.
  Eigen::VectorXd prior_weights, log_prior_weights;
  double prior_entropy = 0;  // its entropy (nats)
  int answer_segment = 0;    // the answer's first segment
  int answer_span = 1;
  bool preview_correct = false;
  std::uint64_t noise_seed = 0;
};

// The answer is drawn from the prior itself, so the prior is calibrated by construction. All of
// an episode's randomness comes from one stream derived once from (seed, index).
// Prior logits are normals on that stream (boost::random::normal_distribution).
Episode sample_episode(const EpisodeConfig& config, std::uint64_t seed, std::int64_t index);
// The same episode written into `episode`, reusing its vectors' storage; with
// `normalised_prior` false, episode.prior is left empty (LaneController reads only the weights).
void sample_episode_into(const EpisodeConfig& config, std::uint64_t seed, std::int64_t index,
                         Episode& episode, bool normalised_prior = true);

// An episode whose question gives the prior `prior` (answer, preview and noise still drawn).
Episode sample_episode_with_prior(const Eigen::VectorXd& prior, double preview_accuracy,
                                  std::uint64_t seed, std::int64_t index, int answer_span = 1);

bool holds_answer(const Episode& episode, int segment);

// The uniform noise of the `look`-th frame taken from `segment` in an episode with this noise
// seed: the detector detects when it is below the segment's rate.
double look_noise(std::uint64_t noise_seed, int segment, int look);

// The detector's output on the `look`-th frame taken from `segment` (looks are independent).
bool observe(const Episode& episode, const SensorModel& sensor, int segment, int look);
// The same look with its graded confidence; `detected` is observe()'s answer.
Reading read_detector(const Episode& episode, const SensorModel& sensor, int segment, int look);

}  // namespace assay::belief_search
