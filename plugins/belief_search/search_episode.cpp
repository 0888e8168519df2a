#include "search_episode.hpp"

#include <random>

namespace assay::belief_search {

std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Episode sample_episode(const EpisodeConfig& config, std::uint64_t seed, std::int64_t index) {
  std::mt19937_64 rng(mix_seed(seed, static_cast<std::uint64_t>(index)));
  std::normal_distribution<double> normal(0.0, 1.0);
  Eigen::VectorXd logits(config.segments);
  for (int k = 0; k < config.segments; ++k) logits(k) = config.prior_quality * normal(rng);
  Eigen::VectorXd prior = (logits.array() - logits.maxCoeff()).exp();
  prior /= prior.sum();
  return sample_episode_with_prior(prior, config.preview_accuracy, rng(), 0);
}

Episode sample_episode_with_prior(const Eigen::VectorXd& prior, double preview_accuracy,
                                  std::uint64_t seed, std::int64_t index) {
  std::mt19937_64 rng(mix_seed(seed ^ 0x5eedULL, static_cast<std::uint64_t>(index)));
  Episode episode;
  episode.prior = prior;
  std::discrete_distribution<int> pick(prior.data(), prior.data() + prior.size());
  episode.answer_segment = pick(rng);
  episode.preview_correct = std::bernoulli_distribution(preview_accuracy)(rng);
  episode.noise_seed = rng();
  return episode;
}

bool observe(const Episode& episode, const SensorModel& sensor, int segment, int look) {
  const std::uint64_t key =
      mix_seed(episode.noise_seed,
               static_cast<std::uint64_t>(segment) * 1000003ULL + static_cast<std::uint64_t>(look));
  const double u = static_cast<double>(key >> 11) * 0x1.0p-53;
  const double rate =
      segment == episode.answer_segment ? sensor.true_positive_rate : sensor.false_positive_rate;
  return u < rate;
}

}  // namespace assay::belief_search
