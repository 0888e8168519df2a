// Labelled point clouds for classification experiments: the generators every pipeline reuses.
#pragma once

#include <Eigen/Core>
#include <random>
#include <vector>

namespace assay::stdlib {

struct LabelledData {
  Eigen::MatrixXd x;   // n x dim, one example per row
  std::vector<int> y;  // n labels in [0, classes)
};

// Balanced labels y_i = i mod classes; class k has a centre c_k ~ N(0, I_dim) and examples
// x_i = c_{y_i} + noise * N(0, I_dim).
LabelledData gaussian_clusters(int n, int dim, int classes, double noise, std::mt19937_64& rng);

// `classes` interleaved spiral arms in the first two coordinates: arm k at t ~ U(0, 1) sits at
// radius t and angle 2 pi k / classes + 3 pi t (1.5 turns); every coordinate (including the
// dim - 2 extra ones) gets noise * N(0, 1). Requires dim >= 2.
LabelledData spirals(int n, int dim, int classes, double noise, std::mt19937_64& rng);

}  // namespace assay::stdlib
