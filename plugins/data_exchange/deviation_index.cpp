#include "deviation_index.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "closed_form.hpp"

namespace assay::data_exchange {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Members' payoffs are shares normalised in floating point, so they may sum to 1 plus a few
// ulps; the sum bound adds far more than that.
constexpr double kSumSlack = 1e-12;
// Deviations per leaf: below this a scan is cheaper than more bounds.
constexpr Eigen::Index kLeafSize = 8;

}  // namespace

CandidateDeviations candidate_deviations(const Market& market, Coalition coalition, int grid) {
  CandidateDeviations out{members_of(coalition, market.firms()), {}, {}};
  const auto size = static_cast<Eigen::Index>(out.members.size());
  const auto exact = closed_form_deviation(market, coalition);
  const int levels = size == 1 ? 1 : grid;  // a lone firm has no one to take data from
  Eigen::Index on_grid = 0;
  if (!market.equal_sharing) {  // the closed form is then the best deviation outright
    on_grid = 1;
    for (Eigen::Index k = 0; k < size; ++k) on_grid *= levels;
  }
  const Eigen::Index first = exact ? 1 : 0;
  out.first_on_grid = first;
  out.levels = levels;
  out.takes.resize(size, first + on_grid);
  out.payoffs.resize(size, first + on_grid);
  if (exact) {
    out.takes.col(0) = exact->take;
    out.payoffs.col(0) = exact->payoffs;
  }
  std::vector<int> level(size, 0);
  for (Eigen::Index i = first; i < first + on_grid; ++i) {
    Eigen::VectorXd t(size);
    for (Eigen::Index k = 0; k < size; ++k)
      t[k] = levels == 1 ? 0.0 : double(level[k]) / (grid - 1);
    out.payoffs.col(i) = deviation_payoffs(market, coalition, t);
    out.takes.col(i) = t;
    Eigen::Index k = 0;
    while (k < size && ++level[k] == levels) level[k++] = 0;
  }
  return out;
}

DeviationIndex::DeviationIndex(const Market& market, int grid)
    : market_(market), grid_(grid), coalitions_(all_coalitions(market.firms())) {
  for (Coalition c : coalitions_) members_.push_back(members_of(c, market.firms()));
  trees_.resize(coalitions_.size());
}

const DeviationIndex::Tree& DeviationIndex::tree(std::size_t coalition) const {
  auto& slot = trees_[coalition];
  if (slot) return *slot;
  const CandidateDeviations d = candidate_deviations(market_, coalitions_[coalition], grid_);
  Tree t;
  t.members = d.members;
  std::vector<Eigen::Index> order;  // the columns of d in tree order
  const auto leaf = [&](Eigen::Index begin, Eigen::Index end) {
    t.nodes.push_back({static_cast<Eigen::Index>(order.size()), 0});
    for (Eigen::Index i = begin; i < end; ++i) order.push_back(i);
    t.nodes.back().end = static_cast<Eigen::Index>(order.size());
    return static_cast<int>(t.nodes.size()) - 1;
  };
  // A box of take levels [lo, hi] per member; its columns follow d's mixed-radix order.
  const auto column_of = [&](const std::vector<int>& level) {
    Eigen::Index n = 0;
    for (std::size_t k = level.size(); k-- > 0;) n = n * d.levels + level[k];
    return d.first_on_grid + n;
  };
  const auto grid_box = [&](auto& self, std::vector<int> lo, std::vector<int> hi) -> int {
    std::size_t widest = 0;
    Eigen::Index count = 1;
    for (std::size_t k = 0; k < lo.size(); ++k) {
      count *= hi[k] - lo[k] + 1;
      if (hi[k] - lo[k] > hi[widest] - lo[widest]) widest = k;
    }
    if (count <= kLeafSize) {
      const int id = leaf(0, 0);
      std::vector<int> level = lo;
      for (;;) {
        order.push_back(column_of(level));
        std::size_t k = 0;
        for (; k < level.size() && level[k] == hi[k]; ++k) level[k] = lo[k];
        if (k == level.size()) break;
        ++level[k];
      }
      t.nodes[id].end = static_cast<Eigen::Index>(order.size());
      return id;
    }
    const int id = static_cast<int>(t.nodes.size());
    t.nodes.push_back({static_cast<Eigen::Index>(order.size()), 0});
    const int mid = (lo[widest] + hi[widest]) / 2;
    std::vector<int> upper_lo = lo, lower_hi = hi;
    lower_hi[widest] = mid;
    upper_lo[widest] = mid + 1;
    const int left = self(self, lo, lower_hi);
    const int right = self(self, upper_lo, hi);
    t.nodes[id].left = left;
    t.nodes[id].right = right;
    t.nodes[id].end = static_cast<Eigen::Index>(order.size());
    return id;
  };
  const auto size = d.members.size();
  const bool on_grid = d.first_on_grid < d.payoffs.cols();
  if (d.first_on_grid > 0 && on_grid) {  // the closed form and the grid under one root
    t.nodes.push_back({0, d.payoffs.cols()});
    const int left = leaf(0, d.first_on_grid);
    const int right =
        grid_box(grid_box, std::vector<int>(size, 0), std::vector<int>(size, d.levels - 1));
    t.nodes[0].left = left;
    t.nodes[0].right = right;
  } else if (on_grid) {
    grid_box(grid_box, std::vector<int>(size, 0), std::vector<int>(size, d.levels - 1));
  } else {
    leaf(0, d.first_on_grid);
  }
  t.payoffs.resize(d.payoffs.rows(), d.payoffs.cols());
  for (std::size_t i = 0; i < order.size(); ++i)
    t.payoffs.col(static_cast<Eigen::Index>(i)) = d.payoffs.col(order[i]);
  // Children follow their parent, so a reverse pass finds them done.
  t.largest.setConstant(d.payoffs.rows(), static_cast<Eigen::Index>(t.nodes.size()), -kInf);
  for (auto n = static_cast<Eigen::Index>(t.nodes.size()); n-- > 0;) {
    const Node& node = t.nodes[n];
    if (node.left >= 0) {
      t.largest.col(n) = t.largest.col(node.left).cwiseMax(t.largest.col(node.right));
      continue;
    }
    for (Eigen::Index i = node.begin; i < node.end; ++i)
      t.largest.col(n) = t.largest.col(n).cwiseMax(t.payoffs.col(i));
  }
  slot = std::move(t);
  return *slot;
}

double DeviationIndex::search(std::size_t coalition, const Eigen::VectorXd& status_quo,
                              double floor, bool first_above) const {
  const auto& members = members_[coalition];
  double total = 0;
  for (int j : members) total += status_quo[j];
  if ((1 - total) / static_cast<double>(members.size()) + kSumSlack <= floor) return floor;
  const Tree& t = tree(coalition);
  // min_k (v[k] - u[k]) for a column of payoffs: a deviation's margin, or a node's bound.
  const auto margin = [&](const auto& v) {
    double m = kInf;
    for (std::size_t k = 0; k < members.size(); ++k)
      m = std::min(m, v[static_cast<Eigen::Index>(k)] - status_quo[members[k]]);
    return m;
  };
  double best = floor;
  auto& stack = stack_;
  stack.assign(1, {margin(t.largest.col(0)), 0});
  while (!stack.empty()) {
    const auto [bound, id] = stack.back();
    stack.pop_back();
    if (bound <= best) continue;
    const Node& node = t.nodes[id];
    if (node.left < 0) {
      for (Eigen::Index i = node.begin; i < node.end; ++i) {
        best = std::max(best, margin(t.payoffs.col(i)));
        if (first_above && best > floor) return best;
      }
      continue;
    }
    std::pair<double, int> left{margin(t.largest.col(node.left)), node.left};
    std::pair<double, int> right{margin(t.largest.col(node.right)), node.right};
    if (left.first > right.first) std::swap(left, right);
    stack.push_back(left);  // the more promising child is searched first
    stack.push_back(right);
  }
  return best;
}

double DeviationIndex::max_margin(const Eigen::VectorXd& status_quo) const {
  double best = -kInf;
  for (std::size_t c = 0; c < coalitions_.size(); ++c)
    best = std::max(best, search(c, status_quo, best, false));
  return best;
}

bool DeviationIndex::blocked_above(const Eigen::VectorXd& status_quo, double stop) const {
  // The coalition that blocked last often blocks again (the searches go through nearby payoffs).
  if (search(last_blocking_, status_quo, stop, true) > stop) return true;
  for (std::size_t c = 0; c < coalitions_.size(); ++c)
    if (c != last_blocking_ && search(c, status_quo, stop, true) > stop) {
      last_blocking_ = c;
      return true;
    }
  return false;
}

}  // namespace assay::data_exchange
