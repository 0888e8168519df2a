#include "quantum_tangent_kernel.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "fourier_spectrum.hpp"
#include "qnn_fit.hpp"

namespace qs = assay::qnn_spectral;

TEST_CASE("Fourier-basis kernel of a circulant kernel is diagonal with its eigenvalues",
          "[qnn_spectral]") {
  const int n = 16;
  const Eigen::VectorXd x = qs::equispaced_grid(n);
  Eigen::MatrixXd k(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) k(i, j) = 2 + 3 * std::cos(x(i) - x(j));
  const Eigen::MatrixXd f = qs::fourier_kernel_magnitude(k);
  // Eigenvalues: 2 n at w = 0 and 3 n / 2 at w = 1 (e^{+-i(x-x')} halves).
  REQUIRE(f(0, 0) == Approx(2.0 * n));
  REQUIRE(f(1, 1) == Approx(1.5 * n));
  REQUIRE((f - Eigen::MatrixXd(f.diagonal().asDiagonal())).cwiseAbs().maxCoeff() <= 1e-12);
}

TEST_CASE("one gradient step moves the residual as the QNTK predicts to second order",
          "[qnn_spectral]") {
  const auto c = qs::reuploading_circuit(2, 2, qs::Encoding::repeated);
  const Eigen::VectorXd grid = qs::equispaced_grid(16);
  const qs::FourierTarget target{{1, 2}, {0.3, 0.2}};
  const Eigen::VectorXd y = target.sample(grid);
  const Eigen::VectorXd theta = qs::initial_angles(c, 9);
  const auto start = qs::batch_jacobian(c, theta, grid);
  const Eigen::VectorXd r0 = start.values - y;
  const Eigen::MatrixXd k = qs::tangent_kernel(start.jacobian);
  double previous = 0;
  for (double eta : {1e-2, 5e-3}) {
    const Eigen::VectorXd step = eta * (2.0 / 16) * start.jacobian.transpose() * r0;
    const Eigen::VectorXd r1 = qs::batch_jacobian(c, theta - step, grid).values - y;
    const double deviation = (r1 - qs::linearised_residual(k, r0, eta, 1)).norm();
    // Second order in the step: halving eta quarters the deviation (Taylor remainder).
    if (previous > 0) REQUIRE(deviation / previous == Approx(0.25).margin(0.02));
    previous = deviation;
  }
}
