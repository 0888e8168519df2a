#include "core.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::data_exchange {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kMaxRefinedCandidates = 256;

double margin_of(const Eigen::VectorXd& payoffs, const std::vector<int>& members,
                 const Eigen::VectorXd& status_quo) {
  double m = kInf;
  for (std::size_t k = 0; k < members.size(); ++k)
    m = std::min(m, payoffs[static_cast<Eigen::Index>(k)] - status_quo[members[k]]);
  return m;
}

bool dominates(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  return (a.array() >= b.array()).all();
}

}  // namespace

BlockingOracle::BlockingOracle(const Market& market, int grid) : market_(market), grid_(grid) {
  const int n = market.firms();
  for (Coalition c : all_coalitions(n)) {
    Candidates cand{c, members_of(c, n), {}, {}};
    const auto size = static_cast<int>(cand.members.size());
    const int levels = size == 1 ? 1 : grid;  // a lone firm has no one to take data from
    std::vector<Eigen::VectorXd> takes, front;
    std::vector<int> level(size, 0);
    for (;;) {
      Eigen::VectorXd t(size);
      for (int k = 0; k < size; ++k) t[k] = levels == 1 ? 0.0 : double(level[k]) / (grid - 1);
      const Eigen::VectorXd v = deviation_payoffs(market, c, t);
      bool dominated = false;
      for (const auto& f : front)
        if (dominates(f, v)) {
          dominated = true;
          break;
        }
      if (!dominated) {
        for (std::size_t i = front.size(); i-- > 0;)
          if (dominates(v, front[i])) {
            front.erase(front.begin() + static_cast<std::ptrdiff_t>(i));
            takes.erase(takes.begin() + static_cast<std::ptrdiff_t>(i));
          }
        front.push_back(v);
        takes.push_back(t);
      }
      int k = 0;
      while (k < size && ++level[k] == levels) level[k++] = 0;
      if (k == size) break;
    }
    cand.takes.resize(size, static_cast<Eigen::Index>(front.size()));
    cand.payoffs.resize(size, static_cast<Eigen::Index>(front.size()));
    for (std::size_t i = 0; i < front.size(); ++i) {
      cand.takes.col(static_cast<Eigen::Index>(i)) = takes[i];
      cand.payoffs.col(static_cast<Eigen::Index>(i)) = front[i];
    }
    candidates_.push_back(std::move(cand));
  }
}

Deviation BlockingOracle::best_deviation(Coalition coalition,
                                         const Eigen::VectorXd& status_quo) const {
  const auto& cand = *std::find_if(candidates_.begin(), candidates_.end(),
                                   [&](const Candidates& c) { return c.coalition == coalition; });
  Deviation best{coalition, cand.members, {}, {}, -kInf};
  for (Eigen::Index i = 0; i < cand.payoffs.cols(); ++i) {
    const double m = margin_of(cand.payoffs.col(i), cand.members, status_quo);
    if (m > best.margin) {
      best.margin = m;
      best.take = cand.takes.col(i);
      best.payoffs = cand.payoffs.col(i);
    }
  }
  return best;
}

double BlockingOracle::max_margin(const Eigen::VectorXd& status_quo, double stop_above) const {
  double best = -kInf;
  for (const auto& cand : candidates_) {
    for (Eigen::Index i = 0; i < cand.payoffs.cols(); ++i) {
      best = std::max(best, margin_of(cand.payoffs.col(i), cand.members, status_quo));
      if (best > stop_above) return best;
    }
  }
  return best;
}

Deviation refine_deviation(const Market& market, Deviation start, const Eigen::VectorXd& status_quo,
                           double initial_step) {
  if (start.members.size() < 2) return start;
  const auto evaluate = [&](const Eigen::VectorXd& t) {
    return margin_of(deviation_payoffs(market, start.coalition, t), start.members, status_quo);
  };
  for (double step = initial_step; step > 1e-7; step /= 2) {
    bool improved = true;
    while (improved) {
      improved = false;
      for (Eigen::Index k = 0; k < start.take.size(); ++k)
        for (double sign : {1.0, -1.0}) {
          Eigen::VectorXd t = start.take;
          t[k] = std::clamp(t[k] + sign * step, 0.0, 1.0);
          const double m = evaluate(t);
          if (m > start.margin + 1e-15) {
            start.take = t;
            start.margin = m;
            improved = true;
          }
        }
    }
  }
  start.payoffs = deviation_payoffs(market, start.coalition, start.take);
  return start;
}

std::vector<Deviation> blocking_coalitions(const Market& market, const Exchange& exchange,
                                           const CoreOptions& options) {
  const BlockingOracle oracle(market, options.grid);
  const Eigen::VectorXd u = payoffs(market, exchange);
  std::vector<Deviation> out;
  for (Coalition c : all_coalitions(market.firms())) {
    Deviation d = oracle.best_deviation(c, u);
    if (options.refine) d = refine_deviation(market, d, u, 0.5 / (options.grid - 1));
    if (d.margin > options.tolerance) out.push_back(std::move(d));
  }
  std::sort(out.begin(), out.end(),
            [](const Deviation& a, const Deviation& b) { return a.margin > b.margin; });
  return out;
}

double grid_slack(const Market& market, int grid) {
  if (market.demand == Demand::rational) return kInf;
  // Between an exchange and its nearest grid exchange each accuracy moves by at most delta, and
  // sum_j |d s_i / d a_j| <= beta/2 for logit shares, so every payoff (and block mean) moves by at
  // most beta/2 * delta.
  const int n = market.firms();
  double delta = 0;
  for (Coalition c : all_coalitions(n))
    for (int j : members_of(c, n)) {
      double others = 0;
      for (int i : members_of(c, n)) others += i == j ? 0 : market.sizes[i];
      // Every continuous take lies within half a cell of a grid take: by monotonicity the
      // accuracy gap is at most the rise over the half cell next to that grid point.
      const auto a = [&](double cell) {
        return market.curves[j](market.sizes[j] + others * cell / (grid - 1));
      };
      for (int k = 0; k + 1 < grid; ++k)
        delta = std::max({delta, a(k + 0.5) - a(k), a(k + 1) - a(k + 0.5)});
    }
  return market.beta / 2 * delta;
}

CoreSearchResult core_search(const Market& market, const CoreOptions& options) {
  const BlockingOracle oracle(market, options.grid);
  CoreSearchResult r;
  r.min_max_margin = kInf;
  std::vector<Exchange> grid_stable;
  for_each_grid_exchange(market.firms(), options.grid, [&](const Exchange& e) {
    ++r.exchanges_searched;
    // Only whether this exchange beats the incumbent, or is core-stable, matters.
    const double stop = std::max(r.min_max_margin, options.tolerance);
    const double m = oracle.max_margin(payoffs(market, e), stop);
    if (m <= options.tolerance) {
      ++r.core_stable_on_grid;
      if (grid_stable.size() < kMaxRefinedCandidates) grid_stable.push_back(e);
    }
    if (m < r.min_max_margin) {
      r.min_max_margin = m;
      r.best = e;
    }
  });
  // Refined deviations can block grid-stable exchanges; keep the first that survives them.
  const auto refined_margin = [&](const Exchange& e) {
    const auto blocking = blocking_coalitions(market, e, options);
    return blocking.empty() ? std::min(oracle.max_margin(payoffs(market, e), kInf), 0.0)
                            : blocking.front().margin;
  };
  r.refined_margin = refined_margin(r.best);
  for (std::size_t k = 0; k < grid_stable.size() && r.refined_margin > options.tolerance; ++k) {
    const double m = refined_margin(grid_stable[k]);
    if (m <= options.tolerance) {
      r.best = grid_stable[k];
      r.refined_margin = m;
    }
  }
  r.grid_slack = grid_slack(market, options.grid);
  return r;
}

}  // namespace assay::data_exchange
