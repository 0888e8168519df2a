// Coalitions as bit masks over at most 16 firms, and what a deviating coalition can secure:
// its members exchange only among themselves while the firms outside respond in the worst way
// for them. Every member's payoff falls when any outsider's accuracy rises (both demand
// models, with or without equal sharing), and accuracy rises with data, so the worst response
// is exact and unique: the outsiders pool all their data among themselves.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "market.hpp"

namespace assay::data_exchange {

using Coalition = unsigned;

std::vector<int> members_of(Coalition coalition, int firms);
// Every non-empty coalition, smallest first.
std::vector<Coalition> all_coalitions(int firms);

struct Deviation {
  Coalition coalition = 0;
  std::vector<int> members;
  Eigen::VectorXd take;     // per member: fraction taken from each other member
  Eigen::VectorXd payoffs;  // per member, under the worst-case outsiders
  double margin = 0;        // min over members of payoff - status-quo payoff
};

// Payoffs of the members (in members_of order) when each member j takes the fraction take[k]
// of every other member's data and the outsiders pool theirs.
Eigen::VectorXd deviation_payoffs(const Market& market, Coalition coalition,
                                  const Eigen::VectorXd& take);

}  // namespace assay::data_exchange
