#include "quantum_tangent_kernel.hpp"

#include <cmath>
#include <complex>
#include <numbers>

#include "circuit_simulator.hpp"

namespace assay::qnn_spectral {

BatchJacobian batch_jacobian(const Circuit& c, const Eigen::VectorXd& theta,
                             const Eigen::VectorXd& grid) {
  BatchJacobian out;
  CircuitSimulator(c, theta).values_and_jacobian(grid, out.values, out.jacobian);
  return out;
}

Eigen::MatrixXd tangent_kernel(const Eigen::MatrixXd& jacobian) {
  return jacobian * jacobian.transpose();
}

Eigen::MatrixXd fourier_kernel_magnitude(const Eigen::MatrixXd& kernel) {
  const auto n = kernel.rows();
  Eigen::MatrixXcd u(n / 2 + 1, n);
  for (Eigen::Index k = 0; k < u.rows(); ++k)
    for (Eigen::Index j = 0; j < n; ++j)
      u(k, j) = std::polar(1.0 / std::sqrt(double(n)),
                           -2 * std::numbers::pi * double(k * j % n) / double(n));
  return (u * kernel * u.adjoint()).cwiseAbs();
}

Eigen::VectorXd linearised_residual(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& r0,
                                    double learning_rate, int steps) {
  Eigen::VectorXd r = r0;
  const double rate = 2 * learning_rate / double(r0.size());
  for (int t = 0; t < steps; ++t) r -= rate * (kernel * r);
  return r;
}

}  // namespace assay::qnn_spectral
