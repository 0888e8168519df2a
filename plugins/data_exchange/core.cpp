#include "core.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "closed_form.hpp"
#include "core_enumeration.hpp"
#include "deviation_index.hpp"
#include "exchange_search.hpp"

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

}  // namespace

BlockingOracle::BlockingOracle(const Market& market, int grid) : market_(market), grid_(grid) {
  for (Coalition c : all_coalitions(market.firms())) {
    const CandidateDeviations all = candidate_deviations(market, c, grid);
    // Deviations paying the members most in total first: they block most often, so the margin
    // scans of max_margin stop early. Each total is summed as a vector of its own, the way the
    // order (and with it the certificate's early stops) was fixed.
    std::vector<double> total(static_cast<std::size_t>(all.payoffs.cols()));
    std::vector<Eigen::Index> front(total.size());
    for (std::size_t i = 0; i < front.size(); ++i) {
      front[i] = static_cast<Eigen::Index>(i);
      total[i] = Eigen::VectorXd(all.payoffs.col(front[i])).sum();
    }
    std::stable_sort(front.begin(), front.end(),
                     [&](Eigen::Index a, Eigen::Index b) { return total[a] > total[b]; });
    Candidates cand{c, all.members, {}, {}};
    cand.takes.resize(all.takes.rows(), all.takes.cols());
    cand.payoffs.resize(all.payoffs.rows(), all.payoffs.cols());
    for (std::size_t i = 0; i < front.size(); ++i) {
      cand.takes.col(static_cast<Eigen::Index>(i)) = all.takes.col(front[i]);
      cand.payoffs.col(static_cast<Eigen::Index>(i)) = all.payoffs.col(front[i]);
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

double BlockingOracle::max_margin(const Eigen::VectorXd& status_quo, double stop_above,
                                  Hint* hint) const {
  // The deviation that stopped the last scan often stops this one (neighbouring exchanges).
  if (hint && hint->coalition < candidates_.size()) {
    const auto& cand = candidates_[hint->coalition];
    const double m = margin_of(cand.payoffs.col(hint->column), cand.members, status_quo);
    if (m > stop_above) return m;
  }
  double best = -kInf;
  for (std::size_t c = 0; c < candidates_.size(); ++c) {
    const auto& cand = candidates_[c];
    for (Eigen::Index i = 0; i < cand.payoffs.cols(); ++i) {
      best = std::max(best, margin_of(cand.payoffs.col(i), cand.members, status_quo));
      if (best > stop_above) {
        if (hint) *hint = {c, i};
        return best;
      }
    }
  }
  return best;
}

Deviation exact_deviation(const Market& market, Deviation grid_best,
                          const Eigen::VectorXd& status_quo) {
  const auto exact = logit_best_deviation(market, grid_best.coalition, status_quo);
  return exact && exact->margin > grid_best.margin ? *exact : grid_best;
}

std::vector<Deviation> blocking_coalitions(const Market& market, const Exchange& exchange,
                                           const CoreOptions& options) {
  return blocking_coalitions(BlockingOracle(market, options.grid), market, exchange, options);
}

std::vector<Deviation> blocking_coalitions(const BlockingOracle& oracle, const Market& market,
                                           const Exchange& exchange, const CoreOptions& options) {
  const Eigen::VectorXd u = payoffs(market, exchange);
  std::vector<Deviation> out;
  for (Coalition c : all_coalitions(market.firms())) {
    Deviation d = oracle.best_deviation(c, u);
    if (options.refine) d = exact_deviation(market, d, u);
    if (d.margin > options.tolerance) out.push_back(std::move(d));
  }
  std::sort(out.begin(), out.end(),
            [](const Deviation& a, const Deviation& b) { return a.margin > b.margin; });
  return out;
}

namespace {

// Bound on how far any payoff can move over the box of exchanges of `exchange`'s blocks whose
// free firms' takes lie in [lo, hi], from the exchange at `at` inside it. Each accuracy moves by
// at most its curve's rise between `at` and the box's ends (curves are monotone), and
// sum_j |d s_i / d a_j| = 2 beta s_i (1 - s_i) <= beta/2 for logit shares, so every payoff
// (share or block mean) moves by at most beta/2 times the largest accuracy move.
double box_slack(const Market& market, const Exchange& at, const Eigen::VectorXd& lo,
                 const Eigen::VectorXd& hi) {
  const int n = market.firms();
  Eigen::VectorXd block_total = Eigen::VectorXd::Zero(n);
  for (int j = 0; j < n; ++j) block_total[at.block[j]] += market.sizes[j];
  double delta = 0;
  for (int j = 0; j < n; ++j) {
    const double others = block_total[at.block[j]] - market.sizes[j];
    if (others <= 0) continue;
    const auto a = [&](double take) { return market.curves[j](market.sizes[j] + others * take); };
    delta = std::max({delta, a(hi[j]) - a(at.take[j]), a(at.take[j]) - a(lo[j])});
  }
  return market.beta / 2 * delta;
}

// Lower bound of the max blocking margin over a box of exchanges: the grid-deviation margin at
// its centre minus the box slack. Boxes whose bound is below `target` are halved in every free
// take, up to `depth` times and while `budget` box evaluations remain, so the bound certifies
// where the grid alone cannot.
double box_lower_bound(const Market& market, const BlockingOracle& oracle, Exchange centre,
                       const Eigen::VectorXd& lo, const Eigen::VectorXd& hi, double target,
                       int depth, long& budget) {
  const double slack = box_slack(market, centre, lo, hi);
  const double bound = oracle.max_margin(payoffs(market, centre), slack + target) - slack;
  --budget;
  if (bound >= target || depth == 0 || budget <= 0) return bound;
  std::vector<int> free_firms;
  for (int j = 0; j < market.firms(); ++j)
    if (hi[j] > lo[j]) free_firms.push_back(j);
  double worst = kInf;
  for (unsigned corner = 0; corner < (1u << free_firms.size()); ++corner) {
    Eigen::VectorXd sub_lo = lo, sub_hi = hi;
    for (std::size_t k = 0; k < free_firms.size(); ++k) {
      const int j = free_firms[k];
      const double mid = (lo[j] + hi[j]) / 2;
      ((corner >> k) & 1u ? sub_lo[j] : sub_hi[j]) = mid;
      centre.take[j] = ((corner >> k) & 1u ? (mid + hi[j]) : (lo[j] + mid)) / 2;
    }
    worst = std::min(
        worst, box_lower_bound(market, oracle, centre, sub_lo, sub_hi, target, depth - 1, budget));
  }
  return worst;
}

// The grid cell of a grid exchange: takes within half a cell (clipped to [0, 1]) for firms in
// blocks of two or more, the take itself for singletons.
std::pair<Eigen::VectorXd, Eigen::VectorXd> grid_cell(const Exchange& e, int grid) {
  const double half = 0.5 / (grid - 1);
  Eigen::VectorXd lo = e.take, hi = e.take;
  for (Eigen::Index j = 0; j < e.take.size(); ++j) {
    if (std::count(e.block.begin(), e.block.end(), e.block[j]) < 2) continue;
    lo[j] = std::max(0.0, e.take[j] - half);
    hi[j] = std::min(1.0, e.take[j] + half);
  }
  return {lo, hi};
}

constexpr int kCertificateDepth = 4;
// Box evaluations per grid exchange that the subdivision may spend in all.
constexpr long kCertificateBudget = 16;

}  // namespace

double cell_slack(const Market& market, const Exchange& exchange, int grid) {
  if (market.demand == Demand::rational) return kInf;
  const auto [lo, hi] = grid_cell(exchange, grid);
  return box_slack(market, exchange, lo, hi);
}

double certified_margin(const Market& market, const BlockingOracle& oracle, int grid,
                        double target) {
  if (market.demand == Demand::rational) return -kInf;
  long exchanges = 0;
  for_each_grid_exchange(market.firms(), grid, [&](const Exchange&) { ++exchanges; });
  long budget = kCertificateBudget * exchanges;
  // A non-positive target cannot be certified: no subdivision then, only the cell bounds.
  const int depth = target > 0 ? kCertificateDepth : 0;
  double worst = kInf;
  for_each_grid_exchange(market.firms(), grid, [&](const Exchange& e) {
    const auto [lo, hi] = grid_cell(e, grid);
    worst = std::min(worst, box_lower_bound(market, oracle, e, lo, hi, target, depth, budget));
  });
  return worst;
}

double grid_slack(const Market& market, int grid) {
  if (market.demand == Demand::rational) return kInf;
  // The largest cell slack: over every block a firm can be in and every grid take of it.
  const int n = market.firms();
  double delta = 0;
  for (Coalition c : all_coalitions(n))
    for (int j : members_of(c, n)) {
      double others = 0;
      for (int i : members_of(c, n)) others += i == j ? 0 : market.sizes[i];
      const auto a = [&](double cell) {
        return market.curves[j](market.sizes[j] + others * cell / (grid - 1));
      };
      for (int k = 0; k + 1 < grid; ++k)
        delta = std::max({delta, a(k + 0.5) - a(k), a(k + 1) - a(k + 0.5)});
    }
  return market.beta / 2 * delta;
}

namespace {

// The max blocking margin at `e` with exact best deviations (refine) where blocking_coalitions
// uses them: the largest margin above the tolerance, else the grid margin capped at 0. The max
// over coalitions of the larger of the grid and exact margins is the larger of the two maxima.
double refined_max_margin(const Market& market, const DeviationIndex& index, const Exchange& e,
                          const CoreOptions& options) {
  const Eigen::VectorXd u = payoffs(market, e);
  const double on_grid = index.max_margin(u);
  double top = on_grid;
  if (options.refine)
    for (Coalition c : all_coalitions(market.firms()))
      if (const auto exact = logit_best_deviation(market, c, u)) top = std::max(top, exact->margin);
  return top > options.tolerance ? top : std::min(on_grid, 0.0);
}

}  // namespace

CoreSearchResult core_search(const Market& market, const CoreOptions& options) {
  const DeviationIndex index(market, options.grid);
  // Off-grid exchanges first: under rational demand the winners must tie exactly, which grid
  // takes of firms with different curves almost never do.
  const auto off_grid = market.demand == Demand::rational && !market.equal_sharing
                            ? rational_winner_exchanges(market)
                            : std::vector<Exchange>{};
  ExchangeSearch found = search_exchanges(market, index, options.grid, options.tolerance, off_grid,
                                          kMaxRefinedCandidates);
  CoreSearchResult r;
  r.best = found.best;
  r.min_max_margin = found.min_max_margin;
  r.exchanges_searched = found.exchanges_searched;
  r.core_stable_on_grid = found.core_stable_on_grid;
  // Refined deviations can block grid-stable exchanges; keep the first that survives them.
  r.refined_margin = refined_max_margin(market, index, r.best, options);
  for (std::size_t k = 0; k < found.stable.size() && r.refined_margin > options.tolerance; ++k) {
    const double m = refined_max_margin(market, index, found.stable[k], options);
    if (m <= options.tolerance) {
      r.best = found.stable[k];
      r.refined_margin = m;
    }
  }
  r.grid_slack = grid_slack(market, options.grid);
  r.certified_margin = options.certify
                           ? certified_margin(market, BlockingOracle(market, options.grid),
                                              options.grid, r.min_max_margin / 2)
                           : std::numeric_limits<double>::quiet_NaN();
  return r;
}

}  // namespace assay::data_exchange
