// Bifiltration and 1-parameter Flood features for every cloud of a stacked collection.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "sublevel_flood.hpp"

namespace assay::flood_bifiltration {

struct CloudFeatures {
  Eigen::MatrixXd bifiltration;   // clouds x (2 r_steps s_steps): Hilbert functions of H0, H1
  Eigen::MatrixXd one_parameter;  // clouds x (2 r_steps): the s = max gamma column only
};

// Rows of `points` with cloud[i] == c form cloud c (clouds 0 .. max cloud). Each cloud gets
// gamma = k-NN codensity (`density_k`) and its sublevel Flood bifiltration on `grid`.
CloudFeatures cloud_features(const Eigen::MatrixXd& points, const std::vector<int>& cloud,
                             const FloodOptions& options, const GridOptions& grid, int density_k);

}  // namespace assay::flood_bifiltration
