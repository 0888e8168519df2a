// The grid the difficulty integrals run on: standardised difficulties z_q evenly spaced on
// [-half_width, half_width] with weights proportional to the N(0, 1) density. An even grid
// (as in most IRT software) rather than Gauss-Hermite nodes, because an item answered by many
// models has a posterior far narrower than the prior, and Gauss-Hermite nodes are too sparse
// near the centre to resolve it.
#pragma once

#include <Eigen/Core>

namespace assay::monoculture {

struct QuadratureGrid {
  Eigen::VectorXd z;          // standardised difficulty at each node
  Eigen::VectorXd log_prior;  // log of the normalised N(0, 1) weight of each node
};

QuadratureGrid make_quadrature_grid(int points, double half_width = 6.0);

}  // namespace assay::monoculture
