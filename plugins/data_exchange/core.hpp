// Core stability of data exchanges with worst-case outsiders (the alpha-core).
//
// A coalition S blocks an exchange with margin mu > 0 if some exchange among its members gives
// every member at least mu more than its status-quo payoff whatever the outsiders do. The
// exchange is core-stable if no coalition blocks it, eps-core-stable if no margin exceeds eps.
// Deviations are searched on a grid of the members' take fractions t in {0, 1/(G-1), ..., 1};
// exchanges are searched on the same grid, over every partition of the firms into cooperating
// blocks. Where a closed form exists (closed_form.hpp: equal sharing, or rational demand) the
// best deviation joins the grid ones, which makes the blocking test exact; for logit demand
// without sharing the exact best deviation (bisection on the margin, closed_form.hpp) replaces
// the grid's best when `refine` is on. Under rational demand the exchanges that tie each
// achievable winner set are searched too, which makes the existence search exact.
// core_search gets the result of a scan that computes every exchange's margin without computing
// most of them (deviation_index.hpp, exchange_search.hpp); BlockingOracle's scans serve the
// blocking tables of core_check and the certificate.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "coalition.hpp"
#include "market.hpp"

namespace assay::data_exchange {

// The grid deviations of every coalition (and the closed-form one where it exists), computed once
// per market, largest total payoff first.
class BlockingOracle {
 public:
  BlockingOracle(const Market& market, int grid);

  Deviation best_deviation(Coalition coalition, const Eigen::VectorXd& status_quo) const;
  // Where the last early stop happened: tried first by the next call.
  struct Hint {
    std::size_t coalition = 0;
    Eigen::Index column = 0;
  };
  // Largest margin over all coalitions; stops early once it exceeds `stop_above`.
  double max_margin(const Eigen::VectorXd& status_quo, double stop_above,
                    Hint* hint = nullptr) const;
  int grid() const { return grid_; }

 private:
  struct Candidates {
    Coalition coalition;
    std::vector<int> members;
    Eigen::MatrixXd takes, payoffs;  // one column per deviation
  };
  const Market& market_;
  int grid_;
  std::vector<Candidates> candidates_;
};

// The coalition's best deviation over continuous takes, from the best grid deviation: the
// grid's best where a closed form is among the grid deviations already (equal sharing, rational
// demand), the exact logit deviation otherwise.
Deviation exact_deviation(const Market& market, Deviation grid_best,
                          const Eigen::VectorXd& status_quo);

struct CoreOptions {
  int grid = 9;
  bool refine = true;       // blocking_coalitions: exact best deviations, not the grid's best
  double tolerance = 1e-9;  // margins at or below this are not blocking (float noise)
  bool certify = true;      // core_search: compute certified_margin (logit; costs most of it)
};

// Every coalition whose best deviation has margin > tolerance, largest margin first.
std::vector<Deviation> blocking_coalitions(const Market& market, const Exchange& exchange,
                                           const CoreOptions& options);
// The same with the grid deviations of `oracle` (built for this market and options.grid).
std::vector<Deviation> blocking_coalitions(const BlockingOracle& oracle, const Market& market,
                                           const Exchange& exchange, const CoreOptions& options);

struct CoreSearchResult {
  // An exchange attaining the min-max margin, or else the first of (at most 256) core-stable
  // candidates that refined deviations do not block either.
  Exchange best;
  double min_max_margin = 0;  // min over searched exchanges of max blocking margin
  double refined_margin = 0;  // max blocking margin at `best`, exact best deviations (refine)
  long exchanges_searched = 0;
  long core_stable_on_grid = 0;  // grid exchanges with margin <= tolerance
  // Logit only (+inf for rational demand, whose payoffs jump): the largest change of any
  // payoff between an exchange and its nearest grid exchange, over the whole grid ...
  double grid_slack = 0;
  // ... and certified_margin() with target min_max_margin / 2 (-inf for rational demand, NaN
  // when options.certify is off).
  double certified_margin = 0;
};

// The same result as scanning every exchange and every deviation, bit for bit (unit-tested).
CoreSearchResult core_search(const Market& market, const CoreOptions& options);

// Calls visit(exchange) for every grid exchange: each partition into blocks, each block
// member's take on the grid (singletons take nothing).
template <class Visit>
void for_each_grid_exchange(int firms, int grid, Visit visit);

// Logit: bound on how much any payoff changes between `exchange` (on the grid) and a continuous
// exchange of the same blocks within half a grid cell of it; +inf for rational demand.
double cell_slack(const Market& market, const Exchange& exchange, int grid);
// The largest cell slack over the grid.
double grid_slack(const Market& market, int grid);

// Logit: a lower bound of the max blocking margin of every continuous exchange (> 0 proves the
// continuous eps-core empty for eps below it). Each grid cell's bound is the grid-deviation
// margin at its exchange minus its slack; cells whose bound is below `target` are halved
// recursively (4 levels, at most 16 box evaluations per grid exchange in all; none when
// target <= 0). The margin search per cell stops above slack + target, so the bound
// is at most about `target`. -inf for rational demand.
double certified_margin(const Market& market, const BlockingOracle& oracle, int grid,
                        double target);

}  // namespace assay::data_exchange

#include "core_enumeration.hpp"
