// The adjoint gradient against central finite differences of the forward simulation, for the
// simulator's tests.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>

#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral::testing {

// Central differences have error h^2 f'''/6 <= h^2/6 (|f'''| <= 1 for a sum of Pauli
// rotations' angle derivatives of an observable with norm 1) plus round-off eps/h.
constexpr double kStep = 1e-4;
constexpr double kFdTolerance = kStep * kStep / 6 + 1e-16 / kStep * 10;

inline void require_gradient_matches_finite_differences(const Circuit& c,
                                                        const Eigen::VectorXd& theta, double x) {
  const auto vg = value_and_gradient(c, theta, x);
  REQUIRE(vg.value == Approx(evaluate(c, theta, x)).margin(1e-14));
  for (int k = 0; k < c.params; ++k) {
    Eigen::VectorXd up = theta, down = theta;
    up(k) += kStep;
    down(k) -= kStep;
    const double fd = (evaluate(c, up, x) - evaluate(c, down, x)) / (2 * kStep);
    INFO("parameter " << k << ", x = " << x);
    REQUIRE(std::abs(vg.gradient(k) - fd) <= kFdTolerance);
  }
}

}  // namespace assay::qnn_spectral::testing
