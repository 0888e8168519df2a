#include "search_episode.hpp"

#include <algorithm>
#include <boost/math/special_functions/erf.hpp>
#include <boost/random/normal_distribution.hpp>
#include <cmath>
#include <limits>

namespace assay::belief_search {

namespace {

// One episode's random stream: splitmix64 (the draw-th output is mix_seed(seed, draw), i.e. the
// golden-ratio increment and the same finaliser), seeded once from (seed, index). Seeding costs
// nothing, where an mt19937_64 fills 312 words per seeding, which dominated drawing small
// episodes.
class EpisodeStream {
 public:
  using result_type = std::uint64_t;
  explicit EpisodeStream(std::uint64_t seed) : seed_(seed) {}
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()() { return mix_seed(seed_, draws_++); }
  double uniform() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t seed_;
  std::uint64_t draws_ = 0;
};

// Answer start by inverse CDF on the prior weights (one uniform; `total` is their sum), preview
// guess, sensor-noise seed; episode.prior_weights is already set.
void draw_given_prior(Episode& episode, double total, double preview_accuracy, int answer_span,
                      EpisodeStream& stream) {
  const Eigen::VectorXd& weights = episode.prior_weights;
  const int k = static_cast<int>(weights.size());
  double u = stream.uniform() * total;
  int answer = 0;
  while (answer < k - 1 && (u -= weights(answer)) >= 0) ++answer;
  episode.answer_segment = answer;
  episode.answer_span = answer_span;
  episode.preview_correct = stream.uniform() < preview_accuracy;
  episode.noise_seed = stream();
}

double entropy_of(const Eigen::VectorXd& distribution) {
  double h = 0;
  for (double p : distribution)
    if (p > 0) h -= p * std::log(p);
  return h;
}

}  // namespace

Episode sample_episode(const EpisodeConfig& config, std::uint64_t seed, std::int64_t index) {
  Episode episode;
  sample_episode_into(config, seed, index, episode);
  return episode;
}

void sample_episode_into(const EpisodeConfig& config, std::uint64_t seed, std::int64_t index,
                         Episode& episode, bool normalised_prior) {
  EpisodeStream stream(mix_seed(seed, static_cast<std::uint64_t>(index)));
  Eigen::VectorXd& logits = episode.log_prior_weights;
  logits.resize(config.segments);  // no allocation when the size is unchanged

  // words per draw); stateless, so a draw depends on the episode's stream alone.
  boost::random::normal_distribution<double> standard_normal;
  for (int k = 0; k < config.segments; ++k)
    logits(k) = config.prior_quality * standard_normal(stream);
  // Logits shifted to a maximum of 0; their exponentials (one vector operation) are the weights.
  logits.array() -= logits.maxCoeff();
  Eigen::VectorXd& weights = episode.prior_weights;
  weights = logits.array().exp();
  const double total = weights.sum();
  // log p = logit - log Z, so H = log Z - sum p logit.
  episode.prior_entropy = std::log(total) - weights.dot(logits) / total;
  if (normalised_prior)
    episode.prior = weights / total;
  else
    episode.prior.resize(0);
  draw_given_prior(episode, total, config.preview_accuracy, config.answer_span, stream);
}

Episode sample_episode_with_prior(const Eigen::VectorXd& prior, double preview_accuracy,
                                  std::uint64_t seed, std::int64_t index, int answer_span) {
  EpisodeStream stream(mix_seed(seed ^ 0x5eedULL, static_cast<std::uint64_t>(index)));
  Episode episode;
  episode.prior = prior;
  episode.prior_weights = prior;
  episode.log_prior_weights = prior.array().log();
  draw_given_prior(episode, prior.sum(), preview_accuracy, answer_span, stream);
  episode.prior_entropy = entropy_of(prior);
  return episode;
}

double look_noise(std::uint64_t noise_seed, int segment, int look) {
  const std::uint64_t key = mix_seed(noise_seed, static_cast<std::uint64_t>(segment) * 1000003ULL +
                                                     static_cast<std::uint64_t>(look));
  return static_cast<double>(key >> 11) * 0x1.0p-53;
}

bool holds_answer(const Episode& episode, int segment) {
  return segment >= episode.answer_segment &&
         segment < episode.answer_segment + episode.answer_span;
}

double detector_score_mean(double rate) {
  return -std::sqrt(2.0) * boost::math::erfc_inv(2 * rate);
}

bool observe(const Episode& episode, const SensorModel& sensor, int segment, int look) {
  const double rate =
      holds_answer(episode, segment) ? sensor.true_positive_rate : sensor.false_positive_rate;
  return look_noise(episode.noise_seed, segment, look) < rate;
}

Reading read_detector(const Episode& episode, const SensorModel& sensor, int segment, int look) {
  // u > 0 keeps Phi^-1(u) finite; it changes no detection for rates above 2^-60.
  const double u = std::max(look_noise(episode.noise_seed, segment, look), 0x1.0p-60);
  const double rate =
      holds_answer(episode, segment) ? sensor.true_positive_rate : sensor.false_positive_rate;
  if (!sensor.graded) return {u < rate, u < rate ? 1.0 : 0.0};
  // score = mu - Phi^-1(u) ~ N(mu, 1) with mu = Phi^-1(rate): score > 0 exactly when u < rate,
  // so the graded reading refines the binary detection drawn from the same noise.
  const double score = detector_score_mean(rate) + std::sqrt(2.0) * boost::math::erfc_inv(2 * u);
  return {u < rate, score};
}

}  // namespace assay::belief_search
