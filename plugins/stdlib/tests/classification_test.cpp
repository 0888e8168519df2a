#include "classification.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "labelled_data.hpp"

namespace sl = assay::stdlib;

TEST_CASE("wilson interval matches its closed form", "[stdlib]") {
  // 8 of 10 at z = 1.96: centre (0.8 + 0.19208) / 1.38416, half-width 0.2197...
  const auto [lo, hi] = sl::wilson_interval(8, 10, 1.96);
  CHECK(lo == Approx(0.4902).margin(1e-4));
  CHECK(hi == Approx(0.9433).margin(1e-4));
}

TEST_CASE("classify separates clusters and its interval brackets the accuracy", "[stdlib]") {
  std::mt19937_64 rng(4);
  const auto d = sl::gaussian_clusters(300, 4, 3, 0.05, rng);
  const auto s = sl::classify(d.x, d.y, 5, 1e-2, 1.96);
  CHECK(s.accuracy == 1.0);
  CHECK(s.ci_low < s.accuracy);
  CHECK(s.ci_high <= 1.0);
  // Wilson lower end for 300/300 at z = 1.96: 300 / (300 + 1.96^2) = 0.98736.
  CHECK(s.ci_low == Approx(300 / (300 + 1.96 * 1.96)).margin(1e-9));
}

TEST_CASE("two-sided normal quantiles match tables", "[stdlib]") {
  CHECK(sl::two_sided_normal_quantile(0.95) == Approx(1.959964).margin(1e-6));
  CHECK(sl::two_sided_normal_quantile(0.99) == Approx(2.575829).margin(1e-6));
}

TEST_CASE("two-sided normal quantiles invert erfc to round-off", "[stdlib]") {
  // P(|Z| > z) = erfc(z / sqrt 2) must give back 1 - confidence. A relative error e in z moves
  // the tail by a relative z * d/dz log erfc(z / sqrt 2) * e ~ (1 + z^2) e (Mills ratio), so
  // allow 8 ulps of z and of erfc, amplified by (1 + z^2).
  for (double confidence : {0.5, 0.8, 0.9, 0.95, 0.99, 0.999, 0.9999}) {
    const double z = sl::two_sided_normal_quantile(confidence);
    const double tail = std::erfc(z / std::sqrt(2.0));
    const double eps = std::numeric_limits<double>::epsilon();
    CHECK(std::abs(tail - (1 - confidence)) <= 8 * eps * (1 + z * z) * (1 - confidence));
  }
}
