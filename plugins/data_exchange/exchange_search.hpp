// The search over exchanges of core_search: min over exchanges of the max blocking margin, with
// the exchanges whose margin is at most the tolerance (core-stable against grid deviations).
//
// Exchanges are numbered in search order: the off-grid exchanges given, then the grid exchanges
// in for_each_grid_exchange order. The result is the one of a scan in that order that computes
// every margin: the first exchange attaining the min, the first stable ones. It is reached
// without computing most margins. An exchange's margin is only needed when it can beat the
// incumbent or be stable, so margins are decided against max(incumbent, tolerance) first
// (DeviationIndex::blocked_above). Under logit demand whole boxes of grid exchanges (one
// partition, each free firm's take level in a range) are decided at once: every payoff is
// monotone in the takes (a firm's share, and its block's mean share, rise with its own and its
// block partners' accuracy and fall with everyone else's), so each firm's payoff over the box is
// at most its payoff at the box's corner that favours it, and margins fall as payoffs rise: if
// these largest payoffs are blocked above the incumbent, so is every exchange in the box. Boxes
// that are not are halved in their widest take range. Under rational demand the tie tolerance
// makes shares not quite monotone (a rival's rise can drop a third firm from a tie), so every
// exchange is decided on its own.
#pragma once

#include <vector>

#include "deviation_index.hpp"
#include "market.hpp"

namespace assay::data_exchange {

struct ExchangeSearch {
  Exchange best;  // the first exchange attaining the min
  double min_max_margin = 0;
  long exchanges_searched = 0;
  long core_stable_on_grid = 0;  // grid exchanges with margin <= tolerance
  std::vector<Exchange> stable;  // the first `keep_stable` exchanges with margin <= tolerance
};

ExchangeSearch search_exchanges(const Market& market, const DeviationIndex& index, int grid,
                                double tolerance, const std::vector<Exchange>& off_grid,
                                std::size_t keep_stable);

}  // namespace assay::data_exchange
