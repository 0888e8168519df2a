#include "exact_search_value.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>

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

class ExactSearch {
 public:
  ExactSearch(const Eigen::VectorXd& prior, const SensorModel& sensor, double threshold, int budget,
              LookRule rule)
      : prior_(prior), sensor_(sensor), threshold_(threshold), budget_(budget), rule_(rule) {}

  ExactSearchValue value(const History& h) {
    const auto key = h.key();
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
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
    memo_.emplace(key, v);
    return v;
  }

 private:
  Eigen::VectorXd belief(const History& h) const {
    Eigen::VectorXd log_b = prior_.array().log();
    for (Eigen::Index k = 0; k < prior_.size(); ++k) {
      for (Eigen::Index hyp = 0; hyp < prior_.size(); ++hyp) {
        const double rate = hyp == k ? sensor_.true_positive_rate : sensor_.false_positive_rate;
        // Counts guard the logs: a perfect sensor has log(0) for events never seen.
        if (h.detections[k] > 0) log_b(hyp) += h.detections[k] * std::log(rate);
        if (h.misses[k] > 0) log_b(hyp) += h.misses[k] * std::log1p(-rate);
      }
    }
    Eigen::VectorXd b = (log_b.array() - log_b.maxCoeff()).exp();
    return b / b.sum();
  }

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

  Eigen::VectorXd prior_;
  SensorModel sensor_;
  double threshold_;
  int budget_;
  LookRule rule_;
  std::unordered_map<std::uint64_t, ExactSearchValue> memo_;
};

}  // namespace

ExactSearchValue exact_search_value(const Eigen::VectorXd& prior, const SensorModel& sensor,
                                    double stop_threshold, int frame_budget, LookRule rule) {
  if (prior.size() > kMaxSegments || frame_budget > kMaxBudget)
    throw std::invalid_argument("exact search value needs K <= 6 and a frame budget <= 15");
  return ExactSearch(prior, sensor, stop_threshold, frame_budget, rule).value(History{});
}

}  // namespace assay::belief_search
