#include "cell_types.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace hn = assay::hrnn_navigation;

namespace {

constexpr int kNoise = 40;

// A recording along real walks of units built to be one type each, then kNoise noise units.
hn::Recording synthetic_recording(std::mt19937_64& rng) {
  const auto w = hn::random_walks(hn::WalkOptions{}, 40, 500, rng);
  hn::RowMatrix states(Eigen::Index(40) * 500, 4 + kNoise);
  std::normal_distribution<double> normal;
  for (int t = 0; t < 500; ++t)
    for (int b = 0; b < 40; ++b) {
      const double x = w.x(b, t + 1), y = w.y(b, t + 1);
      double grid = 0;
      for (double d : {0.0, 60.0, 120.0}) {
        const double a = d * M_PI / 180;
        grid += std::cos(2 * M_PI / 0.6 * (x * std::cos(a) + y * std::sin(a)));
      }
      auto row = states.row(Eigen::Index(t) * 40 + b);
      row(0) = std::exp(2 * std::cos(w.heading(b, t + 1) - 1));
      row(1) = w.speed(b, t);
      row(2) = std::max(0.0, w.angular_velocity(b, t));
      row(3) = std::max(0.0, grid);
      for (int k = 0; k < kNoise; ++k) row(4 + k) = std::abs(normal(rng));
    }
  return hn::record(w, states);
}

}  // namespace

TEST_CASE("units built as one type are classified as that type", "[hrnn_navigation]") {
  std::mt19937_64 rng(17);
  const auto rec = synthetic_recording(rng);
  const auto c = hn::classify(rec, 2.2, 20, 10, 50, rng);
  INFO("null95 grid " << c.null95.grid(0) << " hd " << c.null95.hd(0));
  REQUIRE(c.scores.hd(0) > c.null95.hd(0));
  REQUIRE(c.scores.speed(1) > c.null95.speed(0));
  REQUIRE(c.scores.av(2) > c.null95.av(0));
  REQUIRE(c.scores.grid(3) > c.null95.grid(0));
  REQUIRE(c.scores.grid(3) > 0.3);
  // Noise units pass a 95th-percentile null with probability 0.05 each: over kNoise units
  // at most 0.05 + 3 binomial standard errors of them.
  const double bound = 0.05 + 3 * std::sqrt(0.05 * 0.95 / kNoise);
  const auto noise_fraction = [&](const Eigen::VectorXd& s, double null) {
    return (s.tail(kNoise).array() > null).cast<double>().mean();
  };
  REQUIRE(noise_fraction(c.scores.hd, c.null95.hd(0)) <= bound);
  REQUIRE(noise_fraction(c.scores.speed, c.null95.speed(0)) <= bound);
  REQUIRE(noise_fraction(c.scores.av, c.null95.av(0)) <= bound);
  REQUIRE(noise_fraction(c.scores.grid, c.null95.grid(0)) <= bound);
  REQUIRE(c.rate_maps.rows() == 4 + kNoise);
  REQUIRE(c.rate_maps.cols() == 400);
}

TEST_CASE("a head-direction unit's preferred heading is its tuning peak", "[hrnn_navigation]") {
  std::mt19937_64 rng(19);
  const auto rec = synthetic_recording(rng);
  // 36 bins of 10 degrees: the peak is recovered to within half a bin.
  REQUIRE(std::abs(hn::preferred_heading(rec)(0) - 1) < M_PI / 36);
  REQUIRE(hn::angular_velocity_correlation(rec)(2) > 0);
}
