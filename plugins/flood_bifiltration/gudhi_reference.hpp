// Independent reference computations with GUDHI: alpha-complex diagrams and bottleneck distances.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "persistence.hpp"
#include "simplicial_complex.hpp"

namespace assay::flood_bifiltration {

// Persistence diagrams (degrees 0..max_degree) of GUDHI's alpha complex of the rows of `points`,
// with filtration values sqrt(alpha^2), i.e. ball radii, comparable with Flood radii.
std::vector<Diagram> alpha_diagrams(const Eigen::MatrixXd& points, int max_degree);

// The alpha radius sqrt(alpha^2) of every simplex of `complex` (the Delaunay complex of the same
// rows of `points`); +inf for a simplex the alpha complex does not have.
FiltrationValues alpha_radii(const Eigen::MatrixXd& points, const SimplicialComplex& complex);

// GUDHI's exact bottleneck distance (+inf if the numbers of essential classes differ).
double bottleneck_distance(const Diagram& a, const Diagram& b);

}  // namespace assay::flood_bifiltration
