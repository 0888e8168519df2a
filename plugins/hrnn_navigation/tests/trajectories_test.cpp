#include "trajectories.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace hn = assay::hrnn_navigation;

TEST_CASE("a walk's inputs integrate to its recorded endpoint", "[hrnn_navigation]") {
  std::mt19937_64 rng(3);
  const hn::WalkOptions options;
  const auto w = hn::random_walks(options, 20, 500, rng);
  for (int b = 0; b < 20; ++b) {
    const hn::Pose end =
        hn::integrate_path({w.x(b, 0), w.y(b, 0), w.heading(b, 0)},
                           w.angular_velocity.row(b).transpose(), w.speed.row(b).transpose(), w.dt);
    // Exact up to rounding: the walk itself is built by the same update.
    REQUIRE(std::abs(end.x - w.x(b, 500)) < 1e-9);
    REQUIRE(std::abs(end.y - w.y(b, 500)) < 1e-9);
    REQUIRE(std::abs(end.heading - w.heading(b, 500)) < 1e-9);
  }
}

TEST_CASE("a straight path at constant speed ends where geometry says", "[hrnn_navigation]") {
  Eigen::VectorXd omega = Eigen::VectorXd::Zero(10), speed = Eigen::VectorXd::Constant(10, 0.5);
  omega(0) = M_PI / 2 / 0.1;  // a quarter turn on the first step, then straight on
  const hn::Pose end = hn::integrate_path({0, 0, 0}, omega, speed, 0.1);
  REQUIRE(std::abs(end.x) < 1e-12);
  REQUIRE(std::abs(end.y - 0.5) < 1e-12);
  REQUIRE(std::abs(end.heading - M_PI / 2) < 1e-12);
}

TEST_CASE("walks stay in the box and turn at the set rate away from walls", "[hrnn_navigation]") {
  std::mt19937_64 rng(5);
  const hn::WalkOptions options;
  const auto w = hn::random_walks(options, 50, 400, rng);
  REQUIRE(w.x.cwiseAbs().maxCoeff() <= options.box / 2 + 1e-12);
  REQUIRE(w.y.cwiseAbs().maxCoeff() <= options.box / 2 + 1e-12);
  // Away from the walls the turning rate is N(0, rotation_sigma); its sample sd over n steps
  // has standard error sigma / sqrt(2n), so 4 standard errors bound it.
  double ss = 0;
  int n = 0;
  const double inner = options.box / 2 - 2 * options.border_region;
  for (int b = 0; b < 50; ++b)
    for (int t = 0; t < 400; ++t)
      if (std::abs(w.x(b, t)) < inner && std::abs(w.y(b, t)) < inner) {
        ss += w.angular_velocity(b, t) * w.angular_velocity(b, t);
        ++n;
      }
  const double sd = std::sqrt(ss / n);
  REQUIRE(n > 10000);
  REQUIRE(std::abs(sd - options.rotation_sigma) < 4 * options.rotation_sigma / std::sqrt(2.0 * n));
}
