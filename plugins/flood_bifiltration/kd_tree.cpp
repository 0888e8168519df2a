#include "kd_tree.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>

namespace assay::flood_bifiltration {
namespace {
constexpr int kLeafSize = 8;
}

KdTree::KdTree(const Eigen::MatrixXd& points) : dim_(static_cast<int>(points.cols())) {
  const int n = static_cast<int>(points.rows());
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0);
  axis_.assign(n, 0);
  split_.assign(n, 0.0);
  coords_.resize(static_cast<std::size_t>(n) * dim_);
  for (int i = 0; i < n; ++i)
    for (int c = 0; c < dim_; ++c) coords_[static_cast<std::size_t>(i) * dim_ + c] = points(i, c);
  build(0, n);
  // Reorder the coordinates into tree order so leaves scan contiguous memory.
  std::vector<double> ordered(coords_.size());
  for (int s = 0; s < n; ++s)
    std::copy_n(coords_.data() + static_cast<long>(order_[s]) * dim_, dim_,
                ordered.data() + static_cast<long>(s) * dim_);
  coords_ = std::move(ordered);
}

void KdTree::build(int lo, int hi) {
  if (hi - lo <= kLeafSize) return;
  int axis = 0;
  double best_spread = -1;
  for (int c = 0; c < dim_; ++c) {
    double mn = std::numeric_limits<double>::infinity(), mx = -mn;
    for (int s = lo; s < hi; ++s) {
      const double v = coords_[static_cast<std::size_t>(order_[s]) * dim_ + c];
      mn = std::min(mn, v);
      mx = std::max(mx, v);
    }
    if (mx - mn > best_spread) best_spread = mx - mn, axis = c;
  }
  const int mid = (lo + hi) / 2;
  std::nth_element(order_.begin() + lo, order_.begin() + mid, order_.begin() + hi,
                   [&](int a, int b) {
                     return coords_[static_cast<std::size_t>(a) * dim_ + axis] <
                            coords_[static_cast<std::size_t>(b) * dim_ + axis];
                   });
  axis_[mid] = axis;
  split_[mid] = coords_[static_cast<std::size_t>(order_[mid]) * dim_ + axis];
  build(lo, mid);
  build(mid, hi);
}

// Visits every point p with |p - q|^2 <= radius2 (visit may shrink radius2 to prune more).
template <class Visit>
void KdTree::search(const double* q, int lo, int hi, double& radius2, Visit&& visit) const {
  if (hi - lo <= kLeafSize) {
    for (int s = lo; s < hi; ++s) {
      const double* p = point(s);
      double d2 = 0;
      for (int c = 0; c < dim_; ++c) d2 += (p[c] - q[c]) * (p[c] - q[c]);
      if (d2 <= radius2) visit(s, d2);
    }
    return;
  }
  const int mid = (lo + hi) / 2;
  const int axis = axis_[mid];
  const double diff = q[axis] - split_[mid];
  if (diff < 0) {
    search(q, lo, mid, radius2, visit);
    if (diff * diff <= radius2) search(q, mid, hi, radius2, visit);
  } else {
    search(q, mid, hi, radius2, visit);
    if (diff * diff <= radius2) search(q, lo, mid, radius2, visit);
  }
}

double KdTree::nearest_distance(const double* q) const {
  double best = std::numeric_limits<double>::infinity();
  search(q, 0, size(), best, [&](int, double d2) { best = std::min(best, d2); });
  return std::sqrt(best);
}

std::vector<double> KdTree::k_nearest_distances(const double* q, int k) const {
  std::priority_queue<double> heap;  // the k smallest squared distances so far
  double radius2 = std::numeric_limits<double>::infinity();
  search(q, 0, size(), radius2, [&](int, double d2) {
    if (static_cast<int>(heap.size()) < k) {
      heap.push(d2);
    } else if (d2 < heap.top()) {
      heap.pop();
      heap.push(d2);
    }
    if (static_cast<int>(heap.size()) == k) radius2 = heap.top();
  });
  std::vector<double> out;
  while (!heap.empty()) out.push_back(std::sqrt(heap.top())), heap.pop();
  std::reverse(out.begin(), out.end());
  return out;
}

std::vector<int> KdTree::within(const double* q, double r) const {
  std::vector<int> out;
  double radius2 = r * r;
  search(q, 0, size(), radius2, [&](int s, double) { out.push_back(order_[s]); });
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace assay::flood_bifiltration
