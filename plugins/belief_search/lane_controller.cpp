#include "lane_controller.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace assay::belief_search {

namespace {

using Lanes = LaneController::Lanes;
using Mask = long long __attribute__((vector_size(32)));  // a comparison's lanes: -1 or 0

Lanes broadcast(double x) { return Lanes{x, x, x, x}; }

// Lanes from four doubles, assembled in registers: writing a vector's lanes one by one in
// memory and reading it whole stalls the load on the four stores.
Lanes lanes_of(const std::array<double, 4>& x) { return Lanes{x[0], x[1], x[2], x[3]}; }

// The running scan of the lanes' beliefs over segments: each lane's top value and its bracket
// of b*, each at its first index (strict comparisons), as BeliefScan.
struct LaneScan {
  Lanes top = broadcast(-std::numeric_limits<double>::infinity());
  Lanes below = broadcast(-1), above = broadcast(2);
  Lanes below_at = broadcast(-1), above_at = broadcast(-1);

  void add(const Lanes& b, const Lanes& k, double b_star) {
    top = top > b ? top : b;
    const Mask at_or_below = b <= b_star;
    // A value on the other side of b* becomes that side's sentinel, which never wins.
    const Lanes low = at_or_below ? b : -1.0, high = at_or_below ? 2.0 : b;
    const Mask raises = low > below, lowers = high < above;
    below_at = raises ? k : below_at, above_at = lowers ? k : above_at;
    below = below > low ? below : low, above = above < high ? above : high;
  }

  // The scan of both scans' segments together: the better value, on ties the first index.
  static LaneScan merge(const LaneScan& x, const LaneScan& y) {
    LaneScan m = x;
    m.top = x.top > y.top ? x.top : y.top;
    const Mask take_below =
        (y.below > x.below) | ((y.below == x.below) & (y.below_at < x.below_at));
    m.below = take_below ? y.below : x.below, m.below_at = take_below ? y.below_at : x.below_at;
    const Mask take_above =
        (y.above < x.above) | ((y.above == x.above) & (y.above_at < x.above_at));
    m.above = take_above ? y.above : x.above, m.above_at = take_above ? y.above_at : x.above_at;
    return m;
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
      table_(settings.belief_model),
      on_detection_(look_likelihood(settings.belief_model, {true, 1.0})),
      on_miss_(look_likelihood(settings.belief_model, {false, 0.0})),
      true_rates_{config.sensor.false_positive_rate, config.sensor.true_positive_rate},
      segments_(config.segments) {
  for (Group& g : groups_) {
    g.belief.resize(static_cast<std::size_t>(segments_));
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
  g.index[j] = -1, g.live[j] = 0;
  if (next >= end) return false;
  sample_episode_into(config_, seed, next, episode_);
  for (int k = 0; k < segments_; ++k) g.belief[k][j] = episode_.prior(k), g.looks[k][j] = 0;
  const BeliefScan scan = scan_belief(episode_.prior, rule_.b_star());
  g.top[j] = scan.top, g.below[j] = scan.below, g.above[j] = scan.above;
  g.below_at[j] = scan.below_at, g.above_at[j] = scan.above_at;
  g.entropy[j] = episode_.prior_entropy, g.frames[j] = 0;
  g.answer[j] = episode_.answer_segment, g.noise_seed[j] = episode_.noise_seed;
  g.outcome[j] = EpisodeOutcome{};
  g.outcome[j].initial_entropy = episode_.prior_entropy;
  g.traced[j] = next < traced;
  if (g.traced[j])
    g.outcome[j].trace.reserve(
        static_cast<std::size_t>(std::min(settings_.frame_budget, segments_)));
  g.index[j] = next++;
  g.live[j] = 1;
  return true;
}

bool LaneController::stops(const Group& g, int j) const {
  return g.frames[j] >= settings_.frame_budget || g.top[j] >= settings_.stop_threshold ||
         (settings_.entropy_floor > 0 && g.entropy[j] <= settings_.entropy_floor);
}

void LaneController::finish(Group& g, int j, std::vector<EpisodeOutcome>& outcomes) {
  EpisodeOutcome& out = g.outcome[j];
  out.frames = static_cast<int>(g.frames[j]);
  out.final_top_belief = g.top[j];
  out.stopped_confident = g.top[j] >= settings_.stop_threshold;
  out.final_entropy = g.entropy[j];
  // The first segment with the top belief, as EpisodeSearcher's argmax.
  int answer = 0;
  while (g.belief[answer][j] != g.top[j]) ++answer;
  out.answered_segment = answer;
  out.correct = answer == g.answer[j];
  outcomes[static_cast<std::size_t>(g.index[j])] = std::move(out);
}

LaneController::Lanes LaneController::next_looks(const Group& g) const {
  // InformationGainRule::most_informative_segment in all lanes at once, without its branches:
  // the two bracket values' interpolated gains, compared where they are further apart than the
  // table's error (always, in practice); the rule itself settles the other lanes exactly.
  std::array<double, kLanes> gain_below, gain_above;
  for (int j = 0; j < kLanes; ++j) {
    gain_below[j] = table_.gain(std::clamp(g.below[j], 0.0, 1.0));
    gain_above[j] = table_.gain(std::clamp(g.above[j], 0.0, 1.0));
  }
  const Lanes difference = lanes_of(gain_below) - lanes_of(gain_above);
  const double gap = table_.decisive_gap();
  const Mask no_below = g.below_at < 0, no_above = g.above_at < 0;
  Lanes segment = difference > 0 ? g.below_at : g.above_at;
  segment = no_below ? g.above_at : segment;
  segment = no_above ? g.below_at : segment;
  const Mask settled =
      no_below | no_above |
      (((difference > gap) | (difference < -gap)) & (g.below <= 1) & (g.above <= 1));
  for (int j = 0; j < kLanes; ++j)
    if (g.index[j] >= 0 && !settled[j])
      segment[j] = rule_.most_informative_segment(BeliefScan{g.top[j], g.below[j], g.above[j],
                                                             static_cast<int>(g.below_at[j]),
                                                             static_cast<int>(g.above_at[j])});
  return segment;
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
  return lanes_of(detected);
}

void LaneController::update(Group& g, const Lanes& segment, const Lanes& detected) {
  const Mask hit_mask = detected > 0;
  const Lanes hit = hit_mask ? on_detection_.target : on_miss_.target;
  const Lanes miss = hit_mask ? on_detection_.other : on_miss_.other;
  const Lanes log_target = hit_mask ? on_detection_.log_target : on_miss_.log_target;
  const Lanes log_other = hit_mask ? on_detection_.log_other : on_miss_.log_other;
  std::array<double, kLanes> b_at{};
  for (int j = 0; j < kLanes; ++j)
    if (g.index[j] >= 0) b_at[j] = g.belief[static_cast<int>(segment[j])][j];
  const Lanes b = lanes_of(b_at);
  // bayes_update_in_place per lane, with its two logarithms from the C library as there.
  const Lanes z = bayes_normaliser(b, hit, miss);
  std::array<double, kLanes> log_b{}, log_z{};
  for (int j = 0; j < kLanes; ++j) {
    if (g.index[j] < 0) continue;
    log_b[j] = b_at[j] > 0 ? std::log(b_at[j]) : 0.0;
    log_z[j] = std::log(z[j]);
  }
  const BayesStep<Lanes> step = bayes_step(b, z, hit, miss, lanes_of(log_b), lanes_of(log_z),
                                           log_target, log_other, g.entropy);
  // An idle lane's belief, entropy and frames stay as they are.
  const Mask live = g.live > 0;
  const Lanes scale = live ? step.scale : 1.0, look = live ? segment : -1.0;
  const Lanes& posterior = step.posterior;
  g.entropy = live ? step.entropy : g.entropy;
  g.frames += g.live;
  // The posterior, stored and scanned per segment; two scans (even and odd segments) halve the
  // scan's dependency chain.
  const double b_star = rule_.b_star();
  const auto posterior_at = [&](int k, const Lanes& at) {
    Lanes x = g.belief[k] * scale;
    x = at == look ? posterior : x;
    g.belief[k] = x;
    return x;
  };
  LaneScan even, odd;
  Lanes at_even = broadcast(0), at_odd = broadcast(1);  // k in every lane
  int k = 0;
  for (; k + 1 < segments_; k += 2, at_even += 2, at_odd += 2) {
    even.add(posterior_at(k, at_even), at_even, b_star);
    odd.add(posterior_at(k + 1, at_odd), at_odd, b_star);
  }
  if (k < segments_) even.add(posterior_at(k, at_even), at_even, b_star);
  const LaneScan scan = LaneScan::merge(even, odd);
  g.top = scan.top, g.below = scan.below, g.above = scan.above;
  g.below_at = scan.below_at, g.above_at = scan.above_at;
  for (int j = 0; j < kLanes; ++j)
    if (g.index[j] >= 0 && g.traced[j])
      g.outcome[j].trace.push_back(
          {static_cast<int>(segment[j]), detected[j] > 0, g.top[j], g.entropy[j]});
}

}  // namespace assay::belief_search
