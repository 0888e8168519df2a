// Landmarks for the Flood complex: farthest-point sampling.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::flood_bifiltration {

// Greedy farthest-point sampling: starts at row `first`, then repeatedly adds the row farthest
// from the landmarks chosen so far (ties: lowest row). Returns min(count, n) row indices in the
// order chosen; count <= 0 returns every row in order.
std::vector<int> farthest_point_sample(const Eigen::MatrixXd& points, int count, int first = 0);

// The rows `indices` of `points`.
Eigen::MatrixXd select_rows(const Eigen::MatrixXd& points, const std::vector<int>& indices);

}  // namespace assay::flood_bifiltration
