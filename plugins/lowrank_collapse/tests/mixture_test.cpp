#include <catch2/catch.hpp>
#include <cmath>

#include "gaussian_mixture.hpp"
#include "sample_quality.hpp"
#include "weight_spectra.hpp"

namespace lc = assay::lowrank_collapse;

TEST_CASE("ring means are separation apart and weights follow the ratio", "[lowrank_collapse]") {
  const auto m = lc::make_mixture({2, 8, 3.0, 0.25, 4.0, lc::Layout::ring});
  for (int k = 0; k < 8; ++k)
    REQUIRE((m.means.row(k) - m.means.row((k + 1) % 8)).norm() == Approx(3.0));
  REQUIRE(m.weights.sum() == Approx(1.0));
  REQUIRE(m.weights(0) / m.weights(7) == Approx(4.0));
  const auto s = lc::make_mixture({10, 5, 2.0, 0.1, 1.0, lc::Layout::simplex});
  REQUIRE((s.means.row(0) - s.means.row(4)).norm() == Approx(2.0));
  REQUIRE_THROWS_WITH(lc::make_mixture({3, 5, 2.0, 0.1, 1.0, lc::Layout::simplex}),
                      Catch::Contains("modes"));
}

TEST_CASE("target samples cover every mode with its weight", "[lowrank_collapse]") {
  const auto m = lc::make_mixture({2, 6, 4.0, 0.3, 3.0, lc::Layout::ring});
  std::mt19937_64 rng(7);
  const int n = 20000;
  const auto s = lc::sample(m, n, rng);
  const auto c = lc::mode_coverage(m, s.x);
  REQUIRE(c.covered == 6);
  // 1% of the mass lies outside each 99% ball; binomial SE sqrt(0.01 * 0.99 / n) = 7e-4.
  REQUIRE(c.off_mode_fraction == Approx(0.01).margin(4 * 7e-4));
  for (int k = 0; k < 6; ++k) {
    const double expected = 0.99 * m.weights(k);
    REQUIRE(c.weights(k) == Approx(expected).margin(4 * std::sqrt(expected / n)));
  }
  // The TV of n multinomial draws over 6 cells is O(sqrt(K / n)) = 0.017.
  REQUIRE(c.weight_tv < 0.03);
}

TEST_CASE("samples stacked on one mode cover one mode", "[lowrank_collapse]") {
  const auto m = lc::make_mixture({2, 4, 4.0, 0.3, 1.0, lc::Layout::ring});
  const Eigen::MatrixXd x = m.means.row(2).replicate(100, 1);
  const auto c = lc::mode_coverage(m, x);
  REQUIRE(c.covered == 1);
  REQUIRE(c.weights(2) == Approx(1.0));
  REQUIRE(c.weight_tv == Approx(0.75));
}

TEST_CASE("nearest-neighbour ratio is near 1 for fresh draws and 0 for copies",
          "[lowrank_collapse]") {
  const auto m = lc::make_mixture({2, 8, 3.0, 0.25, 1.0, lc::Layout::ring});
  std::mt19937_64 rng(3);
  const auto training = lc::sample(m, 64, rng).x;
  const auto a = lc::sample(m, 4000, rng).x, b = lc::sample(m, 4000, rng).x;
  const auto fresh = lc::memorisation(a, training, b);
  // Two independent means of 4000 distances with coefficient of variation about 0.5: the
  // ratio's SE is about sqrt(2) * 0.5 / sqrt(4000) = 0.011.
  REQUIRE(fresh.ratio == Approx(1.0).margin(0.05));
  const auto copies = lc::memorisation(training, training, b);
  REQUIRE(copies.nn_distance == Approx(0.0).margin(1e-6));
}

TEST_CASE("rank summaries and top-k projections", "[lowrank_collapse]") {
  std::mt19937_64 rng(5);
  Eigen::MatrixXd u = Eigen::MatrixXd::Random(20, 3), v = Eigen::MatrixXd::Random(15, 3);
  const Eigen::MatrixXd a = u * v.transpose();
  REQUIRE(lc::numerical_rank(a, 1e-10) == 3);
  const Eigen::MatrixXd p = lc::top_k_projection(a, 2);
  REQUIRE(lc::numerical_rank(p, 1e-10) == 2);
  REQUIRE(lc::rank_summary(lc::top_k_projection(a, 1)).stable_rank == Approx(1.0));
  REQUIRE((lc::top_k_projection(a, 0) - a).norm() == 0);
  REQUIRE(lc::rank_summary(Eigen::MatrixXd::Identity(6, 6)).effective_rank == Approx(6.0));
  REQUIRE(lc::rank_summary(Eigen::MatrixXd::Zero(3, 3)).stable_rank == 0);
}
