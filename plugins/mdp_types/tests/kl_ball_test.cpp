#include "kl_ball.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

namespace mt = assay::mdp_types;

namespace {
struct Instance {
  Eigen::VectorXd f, v;
  double radius;
};
Instance random_instance(std::mt19937_64& rng, int k, bool hole) {
  std::uniform_real_distribution<double> u(0, 1);
  Instance in{Eigen::VectorXd(k), Eigen::VectorXd(k), 0.002 + 0.6 * u(rng)};
  for (int j = 0; j < k; ++j) in.f(j) = u(rng), in.v(j) = 4 * u(rng) - 2;
  if (hole) in.f(static_cast<int>(u(rng) * k) % k) = 0;
  in.f /= in.f.sum();
  return in;
}
}  // namespace

TEST_CASE("the KL-ball dual equals brute force on two and three outcomes", "[mdp_types]") {
  std::mt19937_64 rng(11);
  for (int k : {2, 3})
    for (int i = 0; i < 60; ++i) {
      const auto in = random_instance(rng, k, i % 3 == 0);
      const double dual = mt::kl_ball_minimum(in.f, in.v, in.radius).value;
      const double brute = mt::kl_ball_minimum_brute_force(in.f, in.v, in.radius, 720);
      REQUIRE(dual == Approx(brute).margin(1e-7));
    }
}

TEST_CASE("the dual minimiser is a feasible law attaining the value", "[mdp_types]") {
  std::mt19937_64 rng(12);
  for (int i = 0; i < 60; ++i) {
    const auto in = random_instance(rng, 5, i % 2 == 0);
    const auto m = mt::kl_ball_minimum(in.f, in.v, in.radius);
    REQUIRE(m.law.sum() == Approx(1).margin(1e-6));
    REQUIRE((m.law.array() >= 0).all());
    REQUIRE(mt::kl_divergence(in.f, m.law) <= in.radius + 1e-6);
    REQUIRE(m.law.dot(in.v) == Approx(m.value).margin(1e-6));
    REQUIRE(m.value <= in.f.dot(in.v) + 1e-12);  // f itself is in the ball
  }
}

TEST_CASE("extreme radii give the empirical mean and the minimum", "[mdp_types]") {
  Eigen::VectorXd f(3), v(3);
  f << 0.2, 0.5, 0.3;
  v << 1, -2, 4;
  REQUIRE(mt::kl_ball_minimum(f, v, 1e-12).value == Approx(f.dot(v)).margin(1e-5));
  REQUIRE(mt::kl_ball_minimum(f, v, std::numeric_limits<double>::infinity()).value == -2);
  REQUIRE(mt::kl_ball_minimum(f, v, 50).value == Approx(-2).margin(1e-6));
}
