#include "exchange_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core_enumeration.hpp"

namespace assay::data_exchange {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Added to the corner payoffs that bound a box: they are computed apart from payoffs(), and the
// two differ by rounding (a few ulps of pow, exp and the normalisation); this is far more.
constexpr double kCornerSlack = 1e-12;

class Search {
 public:
  Search(const Market& market, const DeviationIndex& index, int grid, double tolerance,
         std::size_t keep_stable)
      : market_(market),
        index_(index),
        grid_(grid),
        tolerance_(tolerance),
        keep_stable_(keep_stable),
        boxes_(market.demand == Demand::logit) {}

  void exchange(const Exchange& e, long number, bool on_grid) {
    const Eigen::VectorXd u = payoffs(market_, e);
    if (index_.blocked_above(u, stop())) return;  // neither better nor stable
    const double m = index_.max_margin(u);
    if (m <= tolerance_) {
      if (on_grid) ++result_.core_stable_on_grid;
      stable_.emplace_back(number, e);
      if (stable_.size() >= 2 * keep_stable_ + 1) trim_stable();
    }
    if (m < result_.min_max_margin || (m == result_.min_max_margin && number < best_number_)) {
      result_.min_max_margin = m;
      result_.best = e;
      best_number_ = number;
    }
  }

  // The grid exchanges of one partition, numbered from `first`.
  void partition(const std::vector<int>& block, const std::vector<int>& free_firms, long first) {
    block_ = block;
    free_ = free_firms;
    first_ = first;
    if (boxes_) tabulate_weights();
    std::vector<int> lo(free_.size(), 0), hi(free_.size(), grid_ - 1);
    box(lo, hi);
  }

  ExchangeSearch finish(long searched) {
    trim_stable();
    for (auto& s : stable_) result_.stable.push_back(std::move(s.second));
    result_.exchanges_searched = searched;
    return std::move(result_);
  }

 private:
  double stop() const { return std::max(result_.min_max_margin, tolerance_); }

  Exchange at_levels(const std::vector<int>& level) const {
    Exchange e;
    e.block = block_;
    e.take = Eigen::VectorXd::Zero(market_.firms());
    for (std::size_t k = 0; k < free_.size(); ++k)
      e.take[free_[k]] = static_cast<double>(level[k]) / (grid_ - 1);
    return e;
  }

  long number_of(const std::vector<int>& level) const {
    long n = 0;
    for (std::size_t k = level.size(); k-- > 0;) n = n * grid_ + level[k];
    return first_ + n;
  }

  // Logit weights e^{beta (a_j - best)} of every firm at every take level of the partition (one
  // level for firms alone), best the highest accuracy any firm reaches: the box bounds need no
  // pow or exp of their own.
  void tabulate_weights() {
    const int n = market_.firms();
    double best = -kInf;
    for (int j = 0; j < n; ++j) best = std::max(best, market_.curves[j](market_.sizes.sum()));
    weights_.assign(n, {});
    for (int j = 0; j < n; ++j) {
      double others = 0;
      for (int i = 0; i < n; ++i) others += i != j && block_[i] == block_[j] ? market_.sizes[i] : 0;
      const int levels = others > 0 ? grid_ : 1;
      for (int level = 0; level < levels; ++level) {
        const double take = levels == 1 ? 0.0 : static_cast<double>(level) / (grid_ - 1);
        const double a = market_.curves[j](market_.sizes[j] + take * others);
        weights_[j].push_back(std::exp(market_.beta * (a - best)));
      }
    }
  }

  // Each firm's largest payoff over the box: at the corner where the takes that raise it (its
  // own, and under equal sharing its block's) are highest and all others lowest.
  Eigen::VectorXd largest_payoffs(const std::vector<int>& lo, const std::vector<int>& hi) const {
    const int n = market_.firms();
    std::vector<double> low(n), high(n);
    for (int j = 0; j < n; ++j) low[j] = high[j] = weights_[j][0];
    for (std::size_t k = 0; k < free_.size(); ++k) {
      low[free_[k]] = weights_[free_[k]][lo[k]];
      high[free_[k]] = weights_[free_[k]][hi[k]];
    }
    Eigen::VectorXd top(n);
    for (int j = 0; j < n; ++j) {
      double raised = 0, rest = 0;
      int members = 0;
      for (int i = 0; i < n; ++i) {
        const bool raises = i == j || (market_.equal_sharing && block_[i] == block_[j]);
        (raises ? raised : rest) += raises ? high[i] : low[i];
        members += raises;
      }
      top[j] = raised / (raised + rest) / members + kCornerSlack;
    }
    return top;
  }

  void box(std::vector<int>& lo, std::vector<int>& hi) {
    std::size_t widest = 0;
    for (std::size_t k = 0; k < lo.size(); ++k)
      if (hi[k] - lo[k] > hi[widest] - lo[widest]) widest = k;
    if (lo.empty() || lo[widest] == hi[widest]) {
      exchange(at_levels(lo), number_of(lo), true);
      return;
    }
    if (boxes_ && index_.blocked_above(largest_payoffs(lo, hi), stop())) return;
    const int mid = (lo[widest] + hi[widest]) / 2;
    const int top = hi[widest];
    hi[widest] = mid;
    box(lo, hi);
    hi[widest] = top;
    const int bottom = lo[widest];
    lo[widest] = mid + 1;
    box(lo, hi);
    lo[widest] = bottom;
  }

  void trim_stable() {
    std::sort(stable_.begin(), stable_.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    if (stable_.size() > keep_stable_) stable_.resize(keep_stable_);
  }

  const Market& market_;
  const DeviationIndex& index_;
  int grid_;
  double tolerance_;
  std::size_t keep_stable_;
  bool boxes_;  // decide whole boxes (logit demand: payoffs monotone in the takes)
  ExchangeSearch result_{{}, kInf, 0, 0, {}};
  long best_number_ = -1;
  std::vector<std::pair<long, Exchange>> stable_;
  std::vector<int> block_, free_;
  long first_ = 0;
  std::vector<std::vector<double>> weights_;  // per firm, per take level (logit)
};

}  // namespace

ExchangeSearch search_exchanges(const Market& market, const DeviationIndex& index, int grid,
                                double tolerance, const std::vector<Exchange>& off_grid,
                                std::size_t keep_stable) {
  Search search(market, index, grid, tolerance, keep_stable);
  long number = 0;
  for (const auto& e : off_grid) search.exchange(e, number++, false);
  for_each_partition(market.firms(),
                     [&](const std::vector<int>& block, const std::vector<int>& free_firms) {
                       search.partition(block, free_firms, number);
                       long count = 1;
                       for (std::size_t k = 0; k < free_firms.size(); ++k) count *= grid;
                       number += count;
                     });
  return search.finish(number);
}

}  // namespace assay::data_exchange
