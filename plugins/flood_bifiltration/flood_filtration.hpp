// The Flood filtration (Graf et al. 2025): the Delaunay complex of landmarks L taken from X, each
// simplex entering at the radius where the balls of that radius around X cover it.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "covering_radius.hpp"
#include "persistence.hpp"
#include "simplicial_complex.hpp"

namespace assay::flood_bifiltration {

struct FloodOptions {
  int landmarks = 0;  // farthest-point sample size; 0 (or >= n): L = X
  CoveringMode mode = CoveringMode::exact;
  int resolution = 8;  // barycentric grid resolution of the sampled mode
};

struct FloodComplex {
  std::vector<int> landmark_rows;  // rows of X chosen as landmarks, in FPS order
  Eigen::MatrixXd landmarks;       // their coordinates
  SimplicialComplex complex;       // Delaunay complex on landmark positions 0..|L|-1
};

FloodComplex flood_complex(const Eigen::MatrixXd& points, int landmarks);

struct FloodFiltration {
  FloodComplex flood;
  FiltrationValues values;        // covering radius of every simplex w.r.t. all of X
  std::vector<Diagram> diagrams;  // degrees 0 .. dimension - 1
};

FloodFiltration flood_filtration(const Eigen::MatrixXd& points, const FloodOptions& options);

// A diagram as a k x 2 matrix (birth, death), death = +inf for essential classes.
Eigen::MatrixXd diagram_matrix(const Diagram& diagram);

}  // namespace assay::flood_bifiltration
