#include "exact_search_value.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "belief.hpp"
#include "searchers.hpp"

namespace assay::belief_search {

namespace {

constexpr int kMaxSegments = 6;
constexpr int kMaxBudget = 15;

// Detections and misses per segment: the belief depends on the history only through these.
struct History {
  std::array<int, kMaxSegments> detections{};
  std::array<int, kMaxSegments> misses{};
  int frames = 0;

  std::uint64_t key() const {
    std::uint64_t k = 0;
    for (int i = 0; i < kMaxSegments; ++i)
      k = (k << 8) | static_cast<std::uint64_t>(detections[i] << 4 | misses[i]);
    return k;
  }
};

// Values by packed history key, open addressing with linear probing, key and value in one slot:
// the optimal programme visits millions of histories and is bound by cache misses, which a
// node-based map multiplies.
class ValueTable {
 public:
  const ExactSearchValue* find(std::uint64_t key) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = index(key);; i = (i + 1) & mask()) {
      if (slots_[i].key == 0) return nullptr;
      if (slots_[i].key == key + 1) return &slots_[i].value;
    }
  }

  void insert(std::uint64_t key, const ExactSearchValue& value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = index(key);
    while (slots_[i].key != 0) i = (i + 1) & mask();
    slots_[i] = {key + 1, value};  // key 0 marks an empty slot; the empty history has key 0
    ++size_;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    ExactSearchValue value;
  };

  std::size_t mask() const { return slots_.size() - 1; }
  std::size_t index(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ULL) >> shift_);
  }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max<std::size_t>(1 << 16, 2 * old.size()), Slot{});
    shift_ = 64 - std::countr_zero(slots_.size());  // Fibonacci hashing: the top bits
    size_ = 0;
    for (const Slot& s : old)
      if (s.key != 0) insert(s.key - 1, s.value);
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  int shift_ = 64;
};

class ExactSearch {
 public:
  ExactSearch(const Eigen::VectorXd& prior, const SensorModel& sensor, double threshold, int budget,
              LookRule rule)
      : log_prior_(prior.array().log()),
        sensor_(sensor),
        threshold_(threshold),
        budget_(budget),
        rule_(rule),
        log_tp_(std::log(sensor.true_positive_rate)),
        log_tn_(std::log1p(-sensor.true_positive_rate)),
        log_fp_(std::log(sensor.false_positive_rate)),
        log_fn_(std::log1p(-sensor.false_positive_rate)) {}

  ExactSearchValue value(const History& h) {
    const auto key = h.key();
    if (const auto* known = memo_.find(key)) return *known;
    const Eigen::VectorXd b = belief(h);
    ExactSearchValue v{0, b.maxCoeff()};
    if (b.maxCoeff() < threshold_ && h.frames < budget_) {
      if (rule_ == LookRule::information_gain) {
        v = look(h, b, belief_controller_next_look(b, sensor_, threshold_, -1.0));
      } else {
        v = look(h, b, 0);
        for (int k = 1; k < b.size(); ++k) {
          const auto candidate = look(h, b, k);
          if (candidate.expected_frames < v.expected_frames - 1e-12) v = candidate;
        }
      }
    }
    memo_.insert(key, v);
    return v;
  }

 private:
  // log b(hyp) = log prior(hyp) + the log-likelihood of every look: the looks at hyp with the
  // true-positive rate, all others with the false-positive rate. O(K) from the totals.
  Eigen::VectorXd belief(const History& h) const {
    int detections = 0, misses = 0;
    for (Eigen::Index k = 0; k < log_prior_.size(); ++k)
      detections += h.detections[k], misses += h.misses[k];
    Eigen::VectorXd log_b = log_prior_;
    for (Eigen::Index k = 0; k < log_b.size(); ++k)
      log_b(k) += times(h.detections[k], log_tp_) + times(h.misses[k], log_tn_) +
                  times(detections - h.detections[k], log_fp_) +
                  times(misses - h.misses[k], log_fn_);
    Eigen::VectorXd b = (log_b.array() - log_b.maxCoeff()).exp();
    return b / b.sum();
  }

  // Counts guard the logs: a perfect sensor has log(0) for events never seen.
  static double times(int count, double log_rate) { return count > 0 ? count * log_rate : 0.0; }

  ExactSearchValue look(const History& h, const Eigen::VectorXd& b, int k) {
    const double p_detect =
        b(k) * sensor_.true_positive_rate + (1 - b(k)) * sensor_.false_positive_rate;
    History hit = h, miss = h;
    ++hit.detections[k], ++hit.frames;
    ++miss.misses[k], ++miss.frames;
    const auto a = value(hit), c = value(miss);
    return {1 + p_detect * a.expected_frames + (1 - p_detect) * c.expected_frames,
            p_detect * a.accuracy + (1 - p_detect) * c.accuracy};
  }

  Eigen::VectorXd log_prior_;
  SensorModel sensor_;
  double threshold_;
  int budget_;
  LookRule rule_;
  double log_tp_, log_tn_, log_fp_, log_fn_;  // log P(detect | answer), log P(miss | answer), ...
  ValueTable memo_;
};

}  // namespace

ExactSearchValue exact_search_value(const Eigen::VectorXd& prior, const SensorModel& sensor,
                                    double stop_threshold, int frame_budget, LookRule rule) {
  if (prior.size() > kMaxSegments || frame_budget > kMaxBudget)
    throw std::invalid_argument("exact search value needs K <= 6 and a frame budget <= 15");
  return ExactSearch(prior, sensor, stop_threshold, frame_budget, rule).value(History{});
}

}  // namespace assay::belief_search
