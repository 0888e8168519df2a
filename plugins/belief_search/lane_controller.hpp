// The belief controller run on eight episodes at once: two groups of four, one episode in each
// lane of an AVX register. One episode's look is a chain of dependent steps (bracket scan, gain
// comparison, detector, update) with branches as random as the episode; the lanes advance their
// episodes one look per step without those branches, the way the NumPy peer advances all its
// episodes per step, and a lane whose episode stops takes the next one at once. Every episode's
// looks, answer, entropies and trace are those of EpisodeSearcher::run, bit for bit: per lane the
// same arithmetic (bayes_step is one template for both), the same detector noise (look_noise),
// and the look rule's decisions (InformationGainRule's; a GainTable settles the comparisons it
// can decide exactly, the rule the rest).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "belief.hpp"
#include "search_episode.hpp"
#include "searchers.hpp"

namespace assay::belief_search {

class LaneController {
 public:
  // The settings the lanes cover: the belief controller with a binary, informative belief model
  // whose rates are inside (0, 1) (so its GainTable exists), on one-segment answers
  // (EpisodeSearcher covers the rest).
  static bool covers(const EpisodeConfig& config, const SearchSettings& settings);

  LaneController(const EpisodeConfig& config, const SearchSettings& settings);

  // Episodes first, ..., first + count - 1 of `seed` into the same entries of `outcomes`;
  // those with index < traced keep their traces.
  void run(std::uint64_t seed, std::int64_t first, std::int64_t count, std::int64_t traced,
           std::vector<EpisodeOutcome>& outcomes);

  // Four doubles in one AVX register (GCC / Clang vector extension): arithmetic and
  // comparisons act per lane, a comparison gives a lane mask, `mask ? x : y` selects per lane.
  using Lanes = double __attribute__((vector_size(32)));

 private:
  static constexpr int kLanes = 4;
  // Two groups of lanes advance phase by phase: one group's chain of dependent steps overlaps
  // the other's (three or four groups measured no faster).
  static constexpr int kGroups = 2;

  // The episodes of one group of lanes.
  struct Group {
    // Per segment k, the lanes' beliefs and look counts.
    std::vector<Lanes> belief;
    std::vector<std::array<int, kLanes>> looks;
    // Per lane: entropy, frames, and the scan of the belief (top, bracket of b*).
    Lanes entropy{}, frames{}, top{}, below{}, above{}, below_at{}, above_at{};
    std::array<std::int64_t, kLanes> index{};  // the lane's episode, -1 if idle
    Lanes live{};                              // 1 where the lane has an episode, else 0
    std::array<int, kLanes> answer{};
    std::array<std::uint64_t, kLanes> noise_seed{};
    std::array<EpisodeOutcome, kLanes> outcome;
    std::array<bool, kLanes> traced{};
  };

  // Puts the next episode (if any is left) into lane j; returns whether it did.
  bool load(Group& g, int j, std::uint64_t seed, std::int64_t& next, std::int64_t end,
            std::int64_t traced);
  // Whether lane j's episode stops before its next look (EpisodeSearcher's rule and budget).
  bool stops(const Group& g, int j) const;
  void finish(Group& g, int j, std::vector<EpisodeOutcome>& outcomes);
  // The segment each live lane looks at next.
  Lanes next_looks(const Group& g) const;
  // The detector's reading for each live lane at `segment`; counts the look.
  Lanes read(Group& g, const Lanes& segment);
  // Bayes update of every live lane and the scan of the posteriors, in one pass over segments.
  void update(Group& g, const Lanes& segment, const Lanes& detected);

  EpisodeConfig config_;
  SearchSettings settings_;
  InformationGainRule rule_;
  GainTable table_;
  LookLikelihood on_detection_, on_miss_;
  std::array<double, 2> true_rates_;  // the true sensor's detection rate off / on the answer
  int segments_;
  Episode episode_;
  std::array<Group, kGroups> groups_;
};

}  // namespace assay::belief_search
