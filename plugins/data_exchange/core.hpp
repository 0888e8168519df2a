// Core stability of data exchanges with worst-case outsiders (the alpha-core).
//
// A coalition S blocks an exchange with margin mu > 0 if some exchange among its members gives
// every member at least mu more than its status-quo payoff whatever the outsiders do. The
// exchange is core-stable if no coalition blocks it, eps-core-stable if no margin exceeds eps.
// Deviations are searched on a grid of the members' take fractions t in {0, 1/(G-1), ..., 1}
// and then refined by a compass search in the continuous t; exchanges are searched on the
// same grid, over every partition of the firms into cooperating blocks.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "coalition.hpp"
#include "market.hpp"

namespace assay::data_exchange {

struct Deviation {
  Coalition coalition = 0;
  std::vector<int> members;
  Eigen::VectorXd take;     // per member: fraction taken from each other member
  Eigen::VectorXd payoffs;  // per member, under the worst-case outsiders
  double margin = 0;        // min over members of payoff - status-quo payoff
};

// The grid deviations of every coalition, computed once per market, keeping only
// Pareto-undominated payoff vectors (a dominated deviation never has the larger margin).
class BlockingOracle {
 public:
  BlockingOracle(const Market& market, int grid);

  Deviation best_deviation(Coalition coalition, const Eigen::VectorXd& status_quo) const;
  // Largest margin over all coalitions; stops early once it exceeds `stop_above`.
  double max_margin(const Eigen::VectorXd& status_quo, double stop_above) const;
  int grid() const { return grid_; }

 private:
  struct Candidates {
    Coalition coalition;
    std::vector<int> members;
    Eigen::MatrixXd takes, payoffs;  // one column per undominated grid deviation
  };
  const Market& market_;
  int grid_;
  std::vector<Candidates> candidates_;
};

// Compass search on the continuous take fractions from a grid deviation.
Deviation refine_deviation(const Market& market, Deviation start, const Eigen::VectorXd& status_quo,
                           double initial_step);

struct CoreOptions {
  int grid = 11;
  bool refine = true;
  double tolerance = 1e-9;  // margins at or below this are not blocking (float noise)
};

// Every coalition whose best deviation has margin > tolerance, largest margin first.
std::vector<Deviation> blocking_coalitions(const Market& market, const Exchange& exchange,
                                           const CoreOptions& options);

struct CoreSearchResult {
  // An exchange attaining the min-max margin on the grid, or else the first of (at most 256)
  // grid-core-stable exchanges that refined deviations do not block either.
  Exchange best;
  double min_max_margin = 0;  // min over grid exchanges of max blocking margin (grid devs)
  double refined_margin = 0;  // max blocking margin at `best` after refinement
  long exchanges_searched = 0;
  long core_stable_on_grid = 0;  // grid exchanges with grid margin <= tolerance
  // Upper bound on how much the min-max margin can drop between grid exchanges (logit only;
  // +inf for rational demand, whose payoffs jump): min_max_margin - slack > 0 certifies that
  // the continuous eps-core is empty for eps below it.
  double grid_slack = 0;
};

CoreSearchResult core_search(const Market& market, const CoreOptions& options);

// Calls visit(exchange) for every grid exchange: each partition into blocks, each block
// member's take on the grid (singletons take nothing).
template <class Visit>
void for_each_grid_exchange(int firms, int grid, Visit visit);

double grid_slack(const Market& market, int grid);

}  // namespace assay::data_exchange

#include "core_enumeration.hpp"
