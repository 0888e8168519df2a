// Many episodes of one searcher, summarised with binomial / sample standard errors. Episode i is
// the same world for every searcher given the same seed (common random numbers).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "lane_controller.hpp"
#include "searchers.hpp"

namespace assay::belief_search {

struct SearchSummary {
  std::int64_t episodes = 0;
  double accuracy = 0, accuracy_se = 0;
  double mean_frames = 0, frames_se = 0;
  double mean_entropy_reduction = 0, entropy_reduction_se = 0;
  std::int64_t confident_stops = 0;
  double confident_accuracy = 0, confident_accuracy_se = 0;  // among confident stops
};

SearchSummary summarise(const std::vector<EpisodeOutcome>& outcomes);

// Episodes 0 .. episodes-1 of `seed`; only the first `traced_episodes` keep their traces.
std::vector<EpisodeOutcome> run_episodes(const EpisodeConfig& config,
                                         const SearchSettings& settings, std::int64_t episodes,
                                         std::uint64_t seed, std::int64_t traced_episodes = 0);

// Episodes of one searcher: by LaneController where it covers the settings, else by
// EpisodeSearcher (the same outcomes either way).
class EpisodeRunner {
 public:
  EpisodeRunner(const EpisodeConfig& config, const SearchSettings& settings);
  // Episodes first .. first+count-1 of `seed` into the same entries of `outcomes` (sized by the
  // caller), those with index < traced_episodes with their traces.
  void run(std::uint64_t seed, std::int64_t first, std::int64_t count, std::int64_t traced_episodes,
           std::vector<EpisodeOutcome>& outcomes);

 private:
  EpisodeConfig config_;
  std::optional<LaneController> lanes_;
  std::optional<EpisodeSearcher> searcher_;
  Episode episode_;
};

// A searcher's accuracy / frames operating point.
struct OperatingPoint {
  double frames = 0;
  double accuracy = 0;
};

// Linear interpolation on a curve sorted by `frames` (clamped at the ends): the accuracy the
// curve reaches at `frames`, and the frames it needs for `accuracy` (first crossing).
double accuracy_at_frames(const std::vector<OperatingPoint>& curve, double frames);
double frames_at_accuracy(const std::vector<OperatingPoint>& curve, double accuracy);

}  // namespace assay::belief_search
