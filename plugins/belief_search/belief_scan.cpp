// scan_belief: one branch-free pass over the values, four at a time in an AVX register (GCC /
// Clang vector extension), each lane keeping its own candidates at their first indices; the
// four lanes merge at the end with ties to the smaller index. Branches on the values would
// mispredict whenever the belief's order changes.
#include <limits>

#include "belief.hpp"
#include "lanes.hpp"

namespace assay::belief_search {

namespace {

using lanes::broadcast;
using lanes::kWidth;
using lanes::Lanes;
using lanes::Mask;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Candidates per lane, indices held as doubles so that they select like the values. Strict
// comparisons keep a lane's first index on ties.
struct LaneCandidates {
  Lanes top = broadcast(-kInfinity), below = broadcast(-kInfinity), above = broadcast(kInfinity);
  Lanes top_at = broadcast(-1), below_at = broadcast(-1), above_at = broadcast(-1);

  void add(const Lanes& v, const Lanes& k, const Lanes& threshold) {
    const Mask raises_top = v > top;
    top = raises_top ? v : top, top_at = raises_top ? k : top_at;
    // A value on the other side of the threshold becomes that side's infinity, which never wins.
    const Mask at_or_below = v <= threshold;
    const Lanes low = at_or_below ? v : -kInfinity, high = at_or_below ? kInfinity : v;
    const Mask raises = low > below, lowers = high < above;
    below = raises ? low : below, below_at = raises ? k : below_at;
    above = lowers ? high : above, above_at = lowers ? k : above_at;
  }
};

// The better of two candidates: `better` on values, the smaller index on ties; -1 for none.
template <class Better>
void merge(double& value, int& at, double other, int other_at, Better better) {
  if (other_at < 0) return;
  if (at < 0 || better(other, value) || (other == value && other_at < at))
    value = other, at = other_at;
}

}  // namespace

BeliefScan scan_belief(const Eigen::VectorXd& belief, double threshold) {
  const int n = static_cast<int>(belief.size());
  const double* values = belief.data();
  LaneCandidates candidates;
  const Lanes t = broadcast(threshold);
  Lanes k{0, 1, 2, 3};
  int i = 0;
  for (; i + kWidth <= n; i += kWidth, k += kWidth) {
    candidates.add(lanes::load(values + i), k, t);
  }
  BeliefScan scan;
  double top = -kInfinity, below = -kInfinity, above = kInfinity;
  const auto greater = [](double a, double b) { return a > b; };
  const auto less = [](double a, double b) { return a < b; };
  for (int j = 0; j < kWidth; ++j) {
    merge(top, scan.top_at, candidates.top[j], static_cast<int>(candidates.top_at[j]), greater);
    merge(below, scan.below_at, candidates.below[j], static_cast<int>(candidates.below_at[j]),
          greater);
    merge(above, scan.above_at, candidates.above[j], static_cast<int>(candidates.above_at[j]),
          less);
  }
  // The last few values, after every lane's: a tie goes to the earlier index already held.
  for (; i < n; ++i) {
    const double v = values[i];
    if (v > top || scan.top_at < 0) top = v, scan.top_at = i;
    if (v <= threshold) {
      if (v > below || scan.below_at < 0) below = v, scan.below_at = i;
    } else if (v < above || scan.above_at < 0) {
      above = v, scan.above_at = i;
    }
  }
  scan.top = top;
  // Without a candidate, BeliefScan's sentinels.
  scan.below = scan.below_at >= 0 ? below : -1;
  scan.above = scan.above_at >= 0 ? above : 2;
  return scan;
}

}  // namespace assay::belief_search
