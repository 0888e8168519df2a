#include "reuploading_circuit.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "gradient_check.hpp"
#include "qnn_fit.hpp"

namespace qs = assay::qnn_spectral;

TEST_CASE("adjoint gradient equals central finite differences", "[qnn_spectral]") {
  for (auto enc : {qs::Encoding::repeated, qs::Encoding::exponential}) {
    const auto c = qs::reuploading_circuit(3, 2, enc);
    const Eigen::VectorXd theta = qs::initial_angles(c, 5);
    for (double x : {0.3, 2.1, 5.9})
      qs::testing::require_gradient_matches_finite_differences(c, theta, x);
  }
}

TEST_CASE("simulator agrees with the brute-force product of Kronecker gate matrices",
          "[qnn_spectral]") {
  const auto c = qs::reuploading_circuit(3, 2, qs::Encoding::exponential);
  const Eigen::VectorXd theta = qs::initial_angles(c, 11);
  const Eigen::MatrixXcd u = qs::full_unitary(c, theta, 1.7);
  const qs::StateVector psi = qs::run(c, theta, 1.7);
  REQUIRE((u.col(0) - psi).norm() <= 1e-13);
  REQUIRE((u.adjoint() * u - Eigen::MatrixXcd::Identity(8, 8)).norm() <= 1e-13);
  REQUIRE(std::abs(psi.norm() - 1) <= 1e-14);
}

TEST_CASE("exponential encoding doubles the scale at every encoding gate", "[qnn_spectral]") {
  const auto rep = qs::reuploading_circuit(2, 3, qs::Encoding::repeated).encoding_scales();
  const auto exp = qs::reuploading_circuit(2, 3, qs::Encoding::exponential).encoding_scales();
  REQUIRE(rep == std::vector<double>(6, 1.0));
  REQUIRE(exp == std::vector<double>{1, 2, 4, 8, 16, 32});
  // W_0, W_1, W_2 and the readout rotations: 4 layers of 3 rotations on 3 qubits.
  REQUIRE(qs::reuploading_circuit(3, 2, qs::Encoding::repeated).params == 4 * 3 * 3);
}

TEST_CASE("specialised rotation kernels match the Kronecker product on 4 qubits",
          "[qnn_spectral]") {
  // Every gate kind acts on every qubit position, including the highest bit.
  for (auto enc : {qs::Encoding::repeated, qs::Encoding::exponential}) {
    const auto c = qs::reuploading_circuit(4, 2, enc);
    const Eigen::VectorXd theta = qs::initial_angles(c, 13);
    for (double x : {0.4, 3.3})
      REQUIRE((qs::full_unitary(c, theta, x).col(0) - qs::run(c, theta, x)).norm() <= 1e-13);
  }
}
