#include "lane_controller.hpp"

#include <immintrin.h>

#include <algorithm>
#include <limits>
#include <utility>

#include "belief_weights.hpp"

namespace assay::belief_search {

namespace {

using lanes::broadcast;
using lanes::Lanes;
using lanes::Mask;
using Bracket = LookChooser::Bracket;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The running values of the lanes' scan: top, and the bracket of each lane's threshold. Max and
// min instead of selects: a weight above the threshold offers +0 below it (no weight is
// negative, and `has_below` tells a real 0), one at or below it offers +infinity above.
struct LaneScan {
  Lanes top = broadcast(-kInfinity), below = broadcast(-kInfinity), above = broadcast(kInfinity);
  Mask has_below{};

  void add(const Lanes& w, const Lanes& threshold) {
    const Mask at_or_below = w <= threshold;
    top = top > w ? top : w;
    const Lanes low = Lanes(at_or_below & Mask(w));
    const Lanes infinite = Lanes(at_or_below & Mask(broadcast(kInfinity)));
    const Lanes high = infinite > w ? infinite : w;
    below = below > low ? below : low;
    above = above < high ? above : high;
    has_below |= at_or_below;
  }

  static LaneScan merge(const LaneScan& x, const LaneScan& y) {
    return {x.top > y.top ? x.top : y.top, x.below > y.below ? x.below : y.below,
            x.above < y.above ? x.above : y.above, x.has_below | y.has_below};
  }
};

}  // namespace

bool LaneController::covers(const EpisodeConfig& config, const SearchSettings& settings) {
  const SensorModel& model = settings.belief_model;
  const auto inside = [](double rate) { return rate > 0 && rate < 1; };
  return settings.searcher == Searcher::belief_controller && !model.graded &&
         inside(model.true_positive_rate) && inside(model.false_positive_rate) &&
         model.true_positive_rate != model.false_positive_rate && config.answer_span == 1;
}

LaneController::LaneController(const EpisodeConfig& config, const SearchSettings& settings)
    : config_(config),
      settings_(settings),
      rule_(settings.belief_model),
      true_rates_{config.sensor.false_positive_rate, config.sensor.true_positive_rate},
      segments_(config.segments) {
  ratios_ = {likelihood_ratio(look_likelihood(settings.belief_model, {false, 0.0})),
             likelihood_ratio(look_likelihood(settings.belief_model, {true, 1.0}))};
  for (Group& g : groups_) {
    g.weight.resize(static_cast<std::size_t>(segments_ * kLanes));
    g.log_weight.resize(static_cast<std::size_t>(segments_ * kLanes));
    g.looks.resize(static_cast<std::size_t>(segments_));
    g.index.fill(-1);
  }
}

void LaneController::run(std::uint64_t seed, std::int64_t first, std::int64_t count,
                         std::int64_t traced, std::vector<EpisodeOutcome>& outcomes) {
  std::int64_t next = first;
  const std::int64_t end = first + count;
  // A lane takes episodes until one needs a look, finishing those that stop at once.
  const auto refill = [&](Group& g, int j) {
    while (load(g, j, seed, next, end, traced) && stops(g, j)) finish(g, j, outcomes);
  };
  for (Group& g : groups_)
    for (int j = 0; j < kLanes; ++j) refill(g, j);
  const auto live = [](const Group& g) {
    return std::any_of(g.index.begin(), g.index.end(), [](std::int64_t i) { return i >= 0; });
  };
  while (std::any_of(groups_.begin(), groups_.end(), live)) {
    // Phase by phase across the groups, so that one group's dependent steps overlap the other's.
    std::array<Lanes, kGroups> segment, detected;
    for (int i = 0; i < kGroups; ++i) segment[i] = next_looks(groups_[i]);
    for (int i = 0; i < kGroups; ++i) detected[i] = read(groups_[i], segment[i]);
    for (int i = 0; i < kGroups; ++i) update(groups_[i], segment[i], detected[i]);
    for (Group& g : groups_) {
      for (int j = 0; j < kLanes; ++j) {
        if (g.index[j] < 0 || !stops(g, j)) continue;
        finish(g, j, outcomes);
        refill(g, j);
      }
    }
  }
}

bool LaneController::load(Group& g, int j, std::uint64_t seed, std::int64_t& next, std::int64_t end,
                          std::int64_t traced) {
  g.index[j] = -1;
  if (next >= end) return false;
  sample_episode_into(config_, seed, next, episode_, false);
  for (int k = 0; k < segments_; ++k) {
    g.weight[k * kLanes + j] = episode_.prior_weights(k);
    g.log_weight[k * kLanes + j] = episode_.log_prior_weights(k);
    g.looks[k][j] = 0;
  }
  // BeliefWeights::reset's arithmetic.
  g.total[j] = g.peak[j] =
      weight_arithmetic::resum(g.weight.data() + j, g.log_weight.data() + j, segments_, kLanes);
  g.frames[j] = 0;
  g.entropy[j] = episode_.prior_entropy;
  g.answer[j] = episode_.answer_segment, g.noise_seed[j] = episode_.noise_seed;
  g.outcome[j] = EpisodeOutcome{};
  g.outcome[j].initial_entropy = episode_.prior_entropy;
  g.traced[j] = next < traced;
  if (g.traced[j])
    g.outcome[j].trace.reserve(
        static_cast<std::size_t>(std::min(settings_.frame_budget, segments_)));
  g.index[j] = next++;
  scan(g);  // the other lanes' weights are unchanged, so are their scans
  return true;
}

bool LaneController::stops(const Group& g, int j) const {
  return g.frames[j] >= settings_.frame_budget ||
         g.top[j] / g.total[j] >= settings_.stop_threshold ||
         (settings_.entropy_floor > 0 && g.entropy[j] <= settings_.entropy_floor);
}

bool LaneController::entropy_each_look(const Group& g, int j) const {
  return g.traced[j] || settings_.entropy_floor > 0;
}

double LaneController::lane_entropy(const Group& g, int j) const {
  return weight_arithmetic::entropy(g.weight.data() + j, g.log_weight.data() + j, segments_,
                                    kLanes);
}

void LaneController::finish(Group& g, int j, std::vector<EpisodeOutcome>& outcomes) {
  EpisodeOutcome& out = g.outcome[j];
  out.frames = static_cast<int>(g.frames[j]);
  out.final_top_belief = g.top[j] / g.total[j];
  out.stopped_confident = out.final_top_belief >= settings_.stop_threshold;
  out.final_entropy = out.frames == 0           ? out.initial_entropy
                      : entropy_each_look(g, j) ? g.entropy[j]
                                                : lane_entropy(g, j);
  // The first segment with the top weight, as EpisodeSearcher's argmax.
  const int answer = first_index(g, j, g.top[j]);
  out.answered_segment = answer;
  out.correct = answer == g.answer[j];
  outcomes[static_cast<std::size_t>(g.index[j])] = std::move(out);
}

LaneController::Lanes LaneController::next_looks(const Group& g) const {
  // LookChooser::look per lane from the values; the index of the chosen value afterwards.
  std::array<double, kLanes> chosen{};
  std::array<bool, kLanes> tie{};
  for (int j = 0; j < kLanes; ++j) {
    if (g.index[j] < 0) continue;
    const double inverse = 1 / g.total[j];
    Bracket side = Bracket::above;
    if (g.above[j] == kInfinity)
      side = Bracket::below;
    else if (g.has_below[j])
      side = rule_.better(g.below[j] * inverse, g.above[j] * inverse);
    chosen[j] = side == Bracket::below ? g.below[j] : g.above[j];
    tie[j] = side == Bracket::tie;
  }
  Lanes segment = first_indices(g, lanes::of(chosen));
  // Equal gains: the first of the two segments, as the rule.
  for (int j = 0; j < kLanes; ++j)
    if (tie[j]) segment[j] = std::min(first_index(g, j, g.below[j]), first_index(g, j, g.above[j]));
  return segment;
}

LaneController::Lanes LaneController::first_indices(const Group& g, const Lanes& value) const {
  // found: -1 in a lane from its first match on (idle lanes from the start); summing it over the
  // n segments read leaves n - (first match) subtracted, without a select per segment. Whether
  // all lanes have found is tested every kBlock segments: a test per segment, and its final
  // mispredicted branch, cost more than reading a few segments too many.
  constexpr int kBlock = 8;
  Mask found{}, sum{};
  for (int j = 0; j < kLanes; ++j) found[j] = g.index[j] < 0 ? -1 : 0;
  const double* w = g.weight.data();
  int k = 0;
  while (k < segments_) {
    for (const int end = std::min(k + kBlock, segments_); k < end; ++k) {
      found |= lanes::load(w + k * kLanes) == value;
      sum += found;
    }
    if (_mm256_movemask_pd(__m256d(found)) == 0xF) break;
  }
  return __builtin_convertvector(sum + k, Lanes);
}

int LaneController::first_index(const Group& g, int j, double value) const {
  int k = 0;
  while (g.weight[k * kLanes + j] != value) ++k;
  return k;
}

LaneController::Lanes LaneController::read(Group& g, const Lanes& segment) {
  std::array<double, kLanes> detected{};
  for (int j = 0; j < kLanes; ++j) {
    if (g.index[j] < 0) continue;
    const int s = static_cast<int>(segment[j]);
    // read_detector's binary detection: u (at least 2^-60) below the true sensor's rate.
    const double u = std::max(look_noise(g.noise_seed[j], s, g.looks[s][j]++), 0x1.0p-60);
    detected[j] = u < true_rates_[s == g.answer[j]];
  }
  return lanes::of(detected);
}

void LaneController::update(Group& g, const Lanes& segment, const Lanes& detected) {
  for (int j = 0; j < kLanes; ++j) {
    if (g.index[j] < 0) continue;
    const int at = static_cast<int>(segment[j]) * kLanes + j, d = detected[j] > 0;
    // BeliefWeights::scale's arithmetic.
    if (weight_arithmetic::scale(g.weight[at], g.log_weight[at], g.total[j], g.peak[j], ratios_[d]))
      g.total[j] = g.peak[j] =
          weight_arithmetic::resum(g.weight.data() + j, g.log_weight.data() + j, segments_, kLanes);
    g.frames[j] += 1;
    if (entropy_each_look(g, j)) g.entropy[j] = lane_entropy(g, j);
  }
  scan(g);
  for (int j = 0; j < kLanes; ++j)
    if (g.index[j] >= 0 && g.traced[j])
      g.outcome[j].trace.push_back(
          {static_cast<int>(segment[j]), detected[j] > 0, g.top[j] / g.total[j], g.entropy[j]});
}

void LaneController::scan(Group& g) const {
  // Two scans (even and odd segments) halve the scan's dependency chain.
  const Lanes threshold = rule_.b_star() * lanes::of(g.total);
  LaneScan even, odd;
  const double* w = g.weight.data();
  int k = 0;
  for (; k + 1 < segments_; k += 2) {
    even.add(lanes::load(w + k * kLanes), threshold);
    odd.add(lanes::load(w + (k + 1) * kLanes), threshold);
  }
  if (k < segments_) even.add(lanes::load(w + k * kLanes), threshold);
  const LaneScan scan = LaneScan::merge(even, odd);
  g.top = scan.top, g.below = scan.below, g.above = scan.above, g.has_below = scan.has_below;
}

}  // namespace assay::belief_search
