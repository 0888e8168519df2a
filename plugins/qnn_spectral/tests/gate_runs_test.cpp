#include "gate_runs.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "gradient_check.hpp"
#include "qnn_fit.hpp"

namespace qs = assay::qnn_spectral;
using Type = qs::Gate::Type;

namespace {

// Runs of every shape the simulator handles: a lone RZ, RY RZ, RZ RY RZ, an encoding followed by
// four rotations on its qubit, a lone CZ and a layer of two.
qs::Circuit mixed_runs() {
  qs::Circuit c;
  c.qubits = 3;
  const auto rotation = [&](Type t, int q) { c.gates.push_back({t, q, 0, c.params++, 1.0}); };
  rotation(Type::rz, 1);
  rotation(Type::ry, 0), rotation(Type::rz, 0);
  c.gates.push_back({Type::cz, 0, 1});
  rotation(Type::rz, 2), rotation(Type::ry, 2), rotation(Type::rz, 2);
  c.gates.push_back({Type::encode_rx, 1, 0, -1, 2.0});
  rotation(Type::rz, 1), rotation(Type::ry, 1), rotation(Type::rz, 1), rotation(Type::ry, 1);
  c.gates.push_back({Type::cz, 1, 2});
  c.gates.push_back({Type::cz, 0, 2});
  rotation(Type::rz, 0), rotation(Type::ry, 0), rotation(Type::rz, 0);
  return c;
}

}  // namespace

TEST_CASE("gate runs group consecutive rotations on one qubit", "[qnn_spectral]") {
  const auto runs = qs::gate_runs(mixed_runs());
  REQUIRE(runs.size() == 7);
  const std::size_t lengths[] = {1, 2, 1, 3, 5, 2, 3};
  const bool rotations[] = {true, true, false, true, true, false, true};
  const int qubits[] = {1, 0, 0, 2, 1, 0, 0};
  const bool zyz[] = {false, false, false, true, false, false, true};
  std::size_t next = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    CHECK(runs[r].begin == next);
    CHECK(runs[r].end - runs[r].begin == lengths[r]);
    CHECK(runs[r].rotations == rotations[r]);
    CHECK(runs[r].zyz == zyz[r]);
    if (rotations[r]) CHECK(runs[r].qubit == qubits[r]);
    next = runs[r].end;
  }
}

TEST_CASE("fused runs give the Kronecker product's state and the finite-difference gradient",
          "[qnn_spectral]") {
  const auto c = mixed_runs();
  const Eigen::VectorXd theta = qs::initial_angles(c, 17);
  for (double x : {0.7, 4.2}) {
    REQUIRE((qs::full_unitary(c, theta, x).col(0) - qs::run(c, theta, x)).norm() <= 1e-13);
    qs::testing::require_gradient_matches_finite_differences(c, theta, x);
  }
}

TEST_CASE("the comparison sees a run's rotations taken in the wrong order", "[qnn_spectral]") {
  // The last run RZ RY RZ with its two RZ angles swapped: the reference must differ, or the
  // test above could not tell a fused matrix multiplied in the wrong order.
  const auto c = mixed_runs();
  const Eigen::VectorXd theta = qs::initial_angles(c, 17);
  Eigen::VectorXd swapped = theta;
  std::swap(swapped(c.params - 3), swapped(c.params - 1));
  CHECK((qs::full_unitary(c, theta, 0.7).col(0) - qs::run(c, swapped, 0.7)).norm() > 1e-6);
}

TEST_CASE("a batch reuses the simulator without carrying one input into the next",
          "[qnn_spectral]") {
  // (mixed_runs' encoding is outside Z_0's light cone, so its f does not depend on x.)
  const auto c = qs::reuploading_circuit(3, 2, qs::Encoding::exponential);
  const Eigen::VectorXd theta = qs::initial_angles(c, 23);
  Eigen::VectorXd xs(4);
  xs << 0.3, 5.1, 0.3, 2.2;  // the first input again after others
  const Eigen::VectorXd batch = qs::evaluate_batch(c, theta, xs);
  for (Eigen::Index i = 0; i < xs.size(); ++i) CHECK(batch(i) == qs::evaluate(c, theta, xs(i)));
  CHECK(batch(0) == batch(2));
  CHECK(batch(0) != batch(1));
}
