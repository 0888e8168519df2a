#include "search_evaluation.hpp"

#include <cmath>
#include <limits>

namespace assay::belief_search {

SearchSummary summarise(const std::vector<EpisodeOutcome>& outcomes) {
  SearchSummary s;
  s.episodes = static_cast<std::int64_t>(outcomes.size());
  if (outcomes.empty()) return s;
  double correct = 0, frames = 0, frames_sq = 0, reduction = 0, reduction_sq = 0;
  double confident_correct = 0;
  for (const auto& o : outcomes) {
    correct += o.correct;
    frames += o.frames;
    frames_sq += static_cast<double>(o.frames) * o.frames;
    const double removed = o.initial_entropy - o.final_entropy;
    reduction += removed;
    reduction_sq += removed * removed;
    if (o.stopped_confident) {
      ++s.confident_stops;
      confident_correct += o.correct;
    }
  }
  const double n = static_cast<double>(s.episodes);
  s.accuracy = correct / n;
  s.accuracy_se = std::sqrt(s.accuracy * (1 - s.accuracy) / n);
  s.mean_frames = frames / n;
  const auto standard_error = [n](double mean, double mean_sq) {
    return std::sqrt(std::max(0.0, mean_sq - mean * mean) / n);
  };
  s.frames_se = standard_error(s.mean_frames, frames_sq / n);
  s.mean_entropy_reduction = reduction / n;
  s.entropy_reduction_se = standard_error(s.mean_entropy_reduction, reduction_sq / n);
  if (s.confident_stops > 0) {
    const double m = static_cast<double>(s.confident_stops);
    s.confident_accuracy = confident_correct / m;
    s.confident_accuracy_se = std::sqrt(s.confident_accuracy * (1 - s.confident_accuracy) / m);
  }
  return s;
}

std::vector<EpisodeOutcome> run_episodes(const EpisodeConfig& config,
                                         const SearchSettings& settings, std::int64_t episodes,
                                         std::uint64_t seed, std::int64_t traced_episodes) {
  std::vector<EpisodeOutcome> outcomes(static_cast<std::size_t>(episodes));
  EpisodeRunner(config, settings).run(seed, 0, episodes, traced_episodes, outcomes);
  return outcomes;
}

EpisodeRunner::EpisodeRunner(const EpisodeConfig& config, const SearchSettings& settings)
    : config_(config) {
  if (LaneController::covers(config, settings))
    lanes_.emplace(config, settings);
  else
    searcher_.emplace(config.sensor, settings);
}

void EpisodeRunner::run(std::uint64_t seed, std::int64_t first, std::int64_t count,
                        std::int64_t traced_episodes, std::vector<EpisodeOutcome>& outcomes) {
  if (lanes_) return lanes_->run(seed, first, count, traced_episodes, outcomes);
  for (std::int64_t i = first; i < first + count; ++i) {
    sample_episode_into(config_, seed, i, episode_);
    outcomes[static_cast<std::size_t>(i)] = searcher_->run(episode_, i < traced_episodes);
  }
}

double accuracy_at_frames(const std::vector<OperatingPoint>& curve, double frames) {
  if (frames <= curve.front().frames) return curve.front().accuracy;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    if (frames <= curve[i].frames) {
      const auto& a = curve[i - 1];
      const auto& b = curve[i];
      const double t = (frames - a.frames) / (b.frames - a.frames);
      return a.accuracy + t * (b.accuracy - a.accuracy);
    }
  }
  return curve.back().accuracy;
}

double frames_at_accuracy(const std::vector<OperatingPoint>& curve, double accuracy) {
  if (accuracy <= curve.front().accuracy) return curve.front().frames;
  for (std::size_t i = 1; i < curve.size(); ++i) {
    if (accuracy <= curve[i].accuracy) {
      const auto& a = curve[i - 1];
      const auto& b = curve[i];
      const double t = (accuracy - a.accuracy) / (b.accuracy - a.accuracy);
      return a.frames + t * (b.frames - a.frames);
    }
  }
  return std::numeric_limits<double>::infinity();
}

}  // namespace assay::belief_search
