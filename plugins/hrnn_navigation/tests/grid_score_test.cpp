#include "grid_score.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

namespace hn = assay::hrnn_navigation;

namespace {

// A rate map of plane waves at the given orientations (period in bins).
Eigen::MatrixXd wave_map(int res, double period, std::initializer_list<double> degrees) {
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(res, res);
  for (int r = 0; r < res; ++r)
    for (int c = 0; c < res; ++c)
      for (double d : degrees) {
        const double a = d * M_PI / 180;
        m(r, c) += std::cos(2 * M_PI / period * (c * std::cos(a) + r * std::sin(a)));
      }
  return m;
}

}  // namespace

TEST_CASE("a hexagonal map has a high grid score, a square one a low one", "[hrnn_navigation]") {
  const double hex = hn::grid_score(hn::autocorrelogram(wave_map(20, 7, {0, 60, 120})));
  const double square = hn::grid_score(hn::autocorrelogram(wave_map(20, 7, {0, 90})));
  INFO("hex " << hex << " square " << square);
  // An ideal hexagonal autocorrelogram has c60 = c120 = 1 and c30 = c90 = c150 = -0.5 (score
  // 1.5); a square one c90 = 1, so the 60/120 terms cannot beat the 30/90/150 terms.
  REQUIRE(hex > 1.0);
  REQUIRE(square < 0);
}

TEST_CASE("noise maps score below hexagonal ones", "[hrnn_navigation]") {
  std::mt19937_64 rng(11);
  std::normal_distribution<double> normal;
  const double hex = hn::grid_score(hn::autocorrelogram(wave_map(20, 7, {0, 60, 120})));
  double sum = 0;
  for (int k = 0; k < 20; ++k) {
    Eigen::MatrixXd noise(20, 20);
    for (int i = 0; i < noise.size(); ++i) noise(i) = normal(rng);
    const double s = hn::grid_score(hn::autocorrelogram(noise));
    REQUIRE(s < hex);
    sum += s;
  }
  // Noise has no rotational structure: its autocorrelogram off the centre is near 0 and the
  // maximised score stays small (well under half the ideal 1.5).
  REQUIRE(sum / 20 < 0.5);
}

TEST_CASE("rate maps average activity per bin and mark unvisited bins", "[hrnn_navigation]") {
  Eigen::VectorXd x(3), y(3), f(3);
  x << -0.9, -0.9, 0.9;
  y << -0.9, -0.9, 0.9;
  f << 1, 3, 5;
  const auto m = hn::rate_map(x, y, f, 2.0, 2);
  REQUIRE(m(0, 0) == 2);
  REQUIRE(m(1, 1) == 5);
  REQUIRE(std::isnan(m(0, 1)));
}
