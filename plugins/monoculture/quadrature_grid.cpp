#include "quadrature_grid.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::monoculture {

QuadratureGrid make_quadrature_grid(int points, double half_width) {
  if (points < 3) throw std::invalid_argument("quadrature grid needs at least 3 points");
  QuadratureGrid grid;
  grid.z = Eigen::VectorXd::LinSpaced(points, -half_width, half_width);
  const Eigen::VectorXd log_density = -0.5 * grid.z.array().square();
  const double log_norm =
      log_density.maxCoeff() + std::log((log_density.array() - log_density.maxCoeff()).exp().sum());
  grid.log_prior = log_density.array() - log_norm;
  return grid;
}

}  // namespace assay::monoculture
