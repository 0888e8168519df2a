#include "seed_statistics.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace aa = assay::aigi_artifacts;

TEST_CASE("the t-interval of 1, 2, 3 is 2 +- t(0.975, 2) / sqrt(3)", "[aigi_artifacts]") {
  Eigen::VectorXd v(3);
  v << 1, 2, 3;
  const auto ci = aa::t_interval(v, 0.95);
  // t(0.975, 2) = 4.302653 (scipy.stats.t.ppf).
  REQUIRE(std::abs(ci.mean - 2) < 1e-12);
  REQUIRE(std::abs(ci.high - ci.mean - 4.302653 / std::sqrt(3.0)) < 1e-5);
  REQUIRE_THROWS_WITH(aa::t_interval(v.head(1), 0.95), Catch::Contains("2 or more"));
}

TEST_CASE("spearman sees monotone relations and its permutation p is calibrated",
          "[aigi_artifacts]") {
  Eigen::VectorXd a(8), b(8);
  a << 1, 2, 3, 4, 5, 6, 7, 8;
  b << 80, 70, 60, 55, 40, 30, 21, 1;
  REQUIRE(std::abs(aa::spearman(a, b) + 1) < 1e-12);
  REQUIRE(std::abs(aa::spearman(a, a.array().exp().matrix()) - 1) < 1e-12);
  assay::nn::Rng rng(9);
  // A perfect negative order of 8 has probability 1/8! = 2.5e-5 under the null.
  REQUIRE(aa::negative_correlation_p(a, b, 999, rng) < 0.01);
  REQUIRE(aa::negative_correlation_p(a, -b, 999, rng) > 0.99);
}
