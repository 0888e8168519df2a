// A static k-d tree over the rows of a point matrix: exact nearest-neighbour distances and
// fixed-radius searches, the two queries the covering radii and codensities need.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::flood_bifiltration {

class KdTree {
 public:
  explicit KdTree(const Eigen::MatrixXd& points);

  int size() const { return static_cast<int>(order_.size()); }
  int dimension() const { return dim_; }
  // Euclidean distance from q (dimension() coordinates) to the nearest point; +inf if empty.
  double nearest_distance(const double* q) const;
  // Distances to the k nearest points (k <= size()), increasing.
  std::vector<double> k_nearest_distances(const double* q, int k) const;
  // Row indices of the points within distance r of q (inclusive), increasing.
  std::vector<int> within(const double* q, double r) const;

 private:
  const double* point(int slot) const { return coords_.data() + static_cast<long>(slot) * dim_; }
  void build(int lo, int hi);
  template <class Visit>
  void search(const double* q, int lo, int hi, double& radius2, Visit&& visit) const;

  int dim_ = 0;
  std::vector<double> coords_;  // row-major, in tree order
  std::vector<int> order_;      // tree slot -> row index
  // The node over slots [lo, hi) splits at mid = (lo + hi) / 2: slots [lo, mid) have
  // coordinate axis_[mid] <= split_[mid], slots [mid, hi) >= it.
  std::vector<int> axis_;
  std::vector<double> split_;
};

}  // namespace assay::flood_bifiltration
