#include <catch2/catch.hpp>
#include <cmath>

#include "majority_test.hpp"

namespace qs = assay::qnn_spectral;

TEST_CASE("binomial upper tail matches closed forms", "[qnn_spectral]") {
  REQUIRE(qs::binomial_upper_tail(3, 2, 0.5) == Approx(0.5).epsilon(1e-14));
  REQUIRE(qs::binomial_upper_tail(7, 0, 0.3) == Approx(1.0).epsilon(1e-14));
  REQUIRE(qs::binomial_upper_tail(10, 10, 0.8) == Approx(std::pow(0.8, 10)).epsilon(1e-13));
  // P(X >= 1) = 1 - (1 - p)^n.
  REQUIRE(qs::binomial_upper_tail(12, 1, 0.1) == Approx(1 - std::pow(0.9, 12)).epsilon(1e-13));
}

TEST_CASE("majority test design meets both error rates with the fewest replicates",
          "[qnn_spectral]") {
  const auto d = qs::design_majority_test(0.01, 0.01, 0.75);
  // Independently computed with exact integer binomials (Python math.comb).
  REQUIRE(d.replicates == 80);
  REQUIRE(d.threshold == 51);
  REQUIRE(d.alpha <= 0.01);
  REQUIRE(d.alpha == Approx(qs::binomial_upper_tail(80, 51, 0.5)));
  REQUIRE(qs::binomial_upper_tail(80, 50, 0.5) > 0.01);  // the threshold is the smallest
  REQUIRE(d.power >= 0.99);
  for (int n = 1; n < d.replicates; ++n) {
    int k = n / 2;
    while (k <= n && qs::binomial_upper_tail(n, k, 0.5) > 0.01) ++k;
    REQUIRE((k > n || qs::binomial_upper_tail(n, k, 0.75) < 0.99));
  }
}

TEST_CASE("majority test design rejects alternatives at or below one half", "[qnn_spectral]") {
  REQUIRE_THROWS(qs::design_majority_test(0.01, 0.01, 0.5));
}
