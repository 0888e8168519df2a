// The belief controller run on eight episodes at once: two groups of four, one episode in each
// lane of an AVX register. One episode's look is a chain of dependent steps (scan, gain
// comparison, detector, update) with branches as random as the episode; the lanes advance their
// episodes one look per step without those branches, the way the NumPy peer advances all its
// episodes per step, and a lane whose episode stops takes the next one at once. Every episode's
// looks, answer, entropies and trace are those of EpisodeSearcher::run, bit for bit: per lane the
// same weight arithmetic (weight_arithmetic), the same comparisons in the scan, the same
// detector noise (look_noise) and the same look decisions.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "belief.hpp"
#include "belief_weights.hpp"
#include "lanes.hpp"
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

  using Lanes = lanes::Lanes;
  using Mask = lanes::Mask;

 private:
  static constexpr int kLanes = lanes::kWidth;
  // Two groups of lanes advance phase by phase: one group's chain of dependent steps overlaps
  // the other's (three or four groups measured no faster).
  static constexpr int kGroups = 2;

  // The episodes of one group of lanes.
  struct Group {
    // Weight k of lane j at k * kLanes + j, and its logarithm; per segment the lanes' looks.
    std::vector<double> weight, log_weight;
    std::vector<std::array<int, kLanes>> looks;
    // Per lane: the weights' total and its peak, frames, the entropy when it is kept per look,
    // and the values of the weights' scan (top, bracket of b* times the total; `above` is
    // infinite and `has_below` 0 where that side has no weight).
    std::array<double, kLanes> total{}, peak{}, entropy{};
    Lanes frames{}, top{}, below{}, above{};
    Mask has_below{};
    std::array<std::int64_t, kLanes> index{};  // the lane's episode, -1 if idle
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
  // Bayes update of every live lane, then the scan of all lanes' weights.
  void update(Group& g, const Lanes& segment, const Lanes& detected);
  // The scan's values in one pass over the weights: branch-free, without indices, which only
  // the value the look rule picks needs (first_indices).
  void scan(Group& g) const;
  // Per live lane the first segment whose weight equals that lane's `value`.
  Lanes first_indices(const Group& g, const Lanes& value) const;
  int first_index(const Group& g, int j, double value) const;
  double lane_entropy(const Group& g, int j) const;
  // Whether lane j keeps its entropy per look (a trace or an entropy floor).
  bool entropy_each_look(const Group& g, int j) const;

  EpisodeConfig config_;
  SearchSettings settings_;
  LookChooser rule_;
  std::array<LikelihoodRatio, 2> ratios_;  // on a miss / a detection, as EpisodeSearcher's
  std::array<double, 2> true_rates_;       // the true sensor's detection rate off / on the answer
  int segments_;
  Episode episode_;
  std::array<Group, kGroups> groups_;
};

}  // namespace assay::belief_search
