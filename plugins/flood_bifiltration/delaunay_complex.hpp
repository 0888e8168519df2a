// The Delaunay complex of a point cloud in R^2 or R^3 (CGAL, exact predicates).
#pragma once

#include <Eigen/Core>

#include "simplicial_complex.hpp"

namespace assay::flood_bifiltration {

// Every simplex of the Delaunay triangulation of the rows of `points` (n x 2 or n x 3), on row
// indices. Repeated points appear once (the first row). Throws std::invalid_argument for other
// dimensions.
SimplicialComplex delaunay_complex(const Eigen::MatrixXd& points);

}  // namespace assay::flood_bifiltration
