// Blocking margins of a status quo over every coalition's candidate deviations, answered without
// scanning them all.
//
// A coalition's margin over status quo u is max over its deviations D of min_k (v_D[k] - u[k]).
// Each coalition's grid deviations are kept in a tree that halves the widest range of take levels
// (nearby takes pay nearly the same); a node holds the componentwise largest payoff of its
// deviations (the closed form is a leaf of its own beside the grid), and
// min_k (largest[k] - u[k]) bounds every margin below it, so subtrees whose bound cannot beat the
// margin found so far are skipped. The bound is computed from the stored payoffs with the same
// floating-point subtraction as the margins, so the answers equal a full scan to the last bit.
// Before a coalition's deviations are computed at all, members' payoffs sum to at most one (shares
// sum to one over all firms) bounds its margin by (1 - sum_k u[k]) / |S|: under logit demand
// without sharing this keeps the grand coalition, whose margin is never positive, from being
// built unless an exchange is all but stable.
#pragma once

#include <Eigen/Core>
#include <optional>
#include <utility>
#include <vector>

#include "coalition.hpp"
#include "market.hpp"

namespace assay::data_exchange {

// A coalition's candidate deviations: the closed form where one exists (closed_form.hpp), then
// the grid of member takes (member 0's take fastest), none under equal sharing.
struct CandidateDeviations {
  std::vector<int> members;
  Eigen::MatrixXd takes, payoffs;  // one column per deviation, members in members_of order
  Eigen::Index first_on_grid = 0;  // columns before it: the closed form
  int levels = 0;                  // take levels per member on the grid (1 for a lone firm)
};
CandidateDeviations candidate_deviations(const Market& market, Coalition coalition, int grid);

class DeviationIndex {
 public:
  DeviationIndex(const Market& market, int grid);

  // Largest margin over every coalition: BlockingOracle::max_margin(u, +inf), bit for bit.
  double max_margin(const Eigen::VectorXd& status_quo) const;
  // Whether max_margin(status_quo) > stop, deciding it as early as it can.
  bool blocked_above(const Eigen::VectorXd& status_quo, double stop) const;

 private:
  struct Node {
    Eigen::Index begin, end;  // payoff columns below the node
    int left = -1, right = -1;
  };
  struct Tree {
    std::vector<int> members;
    Eigen::MatrixXd payoffs;  // columns in tree order: a node's columns are contiguous
    Eigen::MatrixXd largest;  // per node, componentwise largest payoff below it
    std::vector<Node> nodes;  // the root first
  };
  const Tree& tree(std::size_t coalition) const;
  // The coalition's margin if it exceeds `floor`, else some value <= floor. With `first_above`,
  // returns as soon as a margin above `floor` is found.
  double search(std::size_t coalition, const Eigen::VectorXd& status_quo, double floor,
                bool first_above) const;

  const Market& market_;
  int grid_;
  std::vector<Coalition> coalitions_;
  std::vector<std::vector<int>> members_;
  // Built on first use: most searches never need the larger coalitions' deviations. The index
  // is therefore not for use from several threads at once.
  mutable std::vector<std::optional<Tree>> trees_;
  mutable std::vector<std::pair<double, int>> stack_;  // of search, kept to save allocations
  mutable std::size_t last_blocking_ = 0;              // tried first by blocked_above
};

}  // namespace assay::data_exchange
