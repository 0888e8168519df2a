#include "ode_solvers.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace lc = assay::lowrank_collapse;

namespace {
// dx/dt = A x with A a rotation-plus-decay generator: x(t) = exp(A t) x0 in closed form.
Eigen::MatrixXd exact(const Eigen::MatrixXd& x0, double t) {
  const double c = std::cos(2 * t), s = std::sin(2 * t), decay = std::exp(-0.5 * t);
  Eigen::Matrix2d m;
  m << c, -s, s, c;  // exp(A t)^T: rows of x evolve as x exp(A t)^T
  return decay * x0 * m;
}
const lc::BatchField field = [](double, const Eigen::MatrixXd& x) {
  Eigen::Matrix2d at;
  at << -0.5, -2, 2, -0.5;  // A^T for A = [[-0.5, 2], [-2, -0.5]]
  return Eigen::MatrixXd(x * at);
};
}  // namespace

TEST_CASE("rk4 is fourth order on a linear ODE", "[lowrank_collapse]") {
  const Eigen::MatrixXd x0 = Eigen::MatrixXd::Random(5, 2);
  const auto err = [&](int steps) {
    return (lc::rk4(field, x0, 0, 1, steps).x - exact(x0, 1)).norm();
  };
  // Halving h divides the global error by 2^4.
  REQUIRE(std::log2(err(20) / err(40)) == Approx(4.0).margin(0.2));
  REQUIRE(lc::rk4(field, x0, 0, 1, 20).evaluations == 80);
}

TEST_CASE("dormand_prince meets its tolerance with fewer calls when looser", "[lowrank_collapse]") {
  const Eigen::MatrixXd x0 = Eigen::MatrixXd::Random(5, 2);
  const auto tight = lc::dormand_prince(field, x0, 0, 3, {1e-9, 1e-9});
  const auto loose = lc::dormand_prince(field, x0, 0, 3, {1e-4, 1e-4});
  const double scale = exact(x0, 3).cwiseAbs().maxCoeff();
  // Local errors are controlled; the global error stays within a modest multiple of tol.
  REQUIRE((tight.x - exact(x0, 3)).cwiseAbs().maxCoeff() < 1e-7 * std::max(1.0, scale));
  REQUIRE((loose.x - exact(x0, 3)).cwiseAbs().maxCoeff() < 1e-2 * std::max(1.0, scale));
  REQUIRE(loose.evaluations < tight.evaluations);
  REQUIRE_THROWS_WITH(lc::dormand_prince(field, x0, 0, 3, {1e-12, 1e-12, 5}),
                      Catch::Contains("loosen"));
}
