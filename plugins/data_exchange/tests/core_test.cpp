#include "core.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "exchange_dynamic.hpp"
#include "market_spec.hpp"
#include "paper_claims.hpp"

namespace dx = assay::data_exchange;

namespace {

dx::Market power_market(std::vector<double> sizes, dx::Demand demand, double beta = 20) {
  dx::Market m;
  m.sizes =
      Eigen::Map<const Eigen::VectorXd>(sizes.data(), static_cast<Eigen::Index>(sizes.size()));
  m.curves.assign(sizes.size(), dx::LearningCurve::power_law(1, 1, 0.5));
  m.demand = demand;
  m.beta = beta;
  return m;
}

dx::Exchange full_pooling(int n) {
  dx::Exchange e = dx::Exchange::autarky(n);
  e.block.assign(n, 0);
  e.take.setOnes();
  return e;
}

// Member payoffs of an arbitrary exchange matrix, straight from the definitions.
Eigen::VectorXd payoffs_of_matrix(const dx::Market& m, const Eigen::MatrixXd& x) {
  const Eigen::VectorXd d = m.sizes + x.transpose() * m.sizes;
  return dx::market_shares(m, dx::accuracies(m, d));
}

}  // namespace

TEST_CASE("two rational firms: autarky is core-stable, full pooling blocked by the larger",
          "[data_exchange]") {
  const auto m = power_market({100, 40}, dx::Demand::rational);
  dx::CoreOptions options;
  CHECK(dx::blocking_coalitions(m, dx::Exchange::autarky(2), options).empty());
  // Pooled, both tie at 1/2; alone against the smaller firm, firm 0 takes the whole market.
  const auto blocking = dx::blocking_coalitions(m, full_pooling(2), options);
  REQUIRE(blocking.size() == 1);
  CHECK(blocking[0].coalition == 1u);
  CHECK(blocking[0].margin == Approx(0.5));
}

TEST_CASE("two logit firms: the larger firm blocks pooling by its autarky share gain",
          "[data_exchange]") {
  const auto m = power_market({100, 40}, dx::Demand::logit);
  const auto blocking = dx::blocking_coalitions(m, full_pooling(2), {});
  REQUIRE(!blocking.empty());
  CHECK(blocking[0].coalition == 1u);
  const double gap = (1 - 1 / 10.0) - (1 - 1 / std::sqrt(40.0));
  CHECK(blocking[0].margin == Approx(1 / (1 + std::exp(-20 * gap)) - 0.5));
}

TEST_CASE("three equal rational firms: a pair pooling and excluding the third is core-stable",
          "[data_exchange]") {
  const auto m = power_market({50, 50, 50}, dx::Demand::rational);
  dx::Exchange pair = dx::Exchange::autarky(3);
  pair.block = {0, 0, 2};
  pair.take << 1, 1, 0;
  CHECK(dx::blocking_coalitions(m, pair, {}).empty());
  // Full pooling gives 1/3 each; any pair pooling alone beats the lone outsider: 1/2 each.
  const auto blocking = dx::blocking_coalitions(m, full_pooling(3), {});
  REQUIRE(blocking.size() == 3);
  for (const auto& d : blocking) {
    CHECK(d.members.size() == 2);
    CHECK(d.margin == Approx(0.5 - 1.0 / 3));
  }
}

TEST_CASE("worst-case outsiders pool their data: brute force over outsider exchanges",
          "[data_exchange]") {
  // Four logit firms, S = {0, 1}: for each grid deviation of S, the minimum over the outsiders'
  // grid exchanges of each member's payoff equals its payoff when the outsiders pool.
  const auto m = power_market({30, 80, 50, 20}, dx::Demand::logit, 15);
  const int grid = 5;
  for (int a = 0; a < grid; ++a)
    for (int b = 0; b < grid; ++b) {
      Eigen::Vector2d take(double(a) / (grid - 1), double(b) / (grid - 1));
      const Eigen::VectorXd pooled = dx::deviation_payoffs(m, 0b0011u, take);
      Eigen::Vector2d worst = Eigen::Vector2d::Constant(std::numeric_limits<double>::infinity());
      for (int c = 0; c < grid; ++c)
        for (int e = 0; e < grid; ++e) {
          Eigen::MatrixXd x = Eigen::MatrixXd::Zero(4, 4);
          x(1, 0) = take[0];
          x(0, 1) = take[1];
          x(3, 2) = double(c) / (grid - 1);
          x(2, 3) = double(e) / (grid - 1);
          worst = worst.cwiseMin(payoffs_of_matrix(m, x).head<2>());
        }
      CHECK(pooled[0] == Approx(worst[0]).margin(1e-12));
      CHECK(pooled[1] == Approx(worst[1]).margin(1e-12));
    }
}

TEST_CASE("grid search enumerates every partition and take vector", "[data_exchange]") {
  // n = 3, G levels: 1 (all singletons) + 3 pairs * G^2 + grand coalition G^3.
  long count = 0;
  dx::for_each_grid_exchange(3, 4, [&](const dx::Exchange&) { ++count; });
  CHECK(count == 1 + 3 * 16 + 64);
}

TEST_CASE("rational markets have a core-stable exchange on random instances", "[data_exchange]") {
  std::mt19937_64 rng(11);
  for (int k = 0; k < 6; ++k) {
    dx::MarketSpec spec;
    spec.firms = 3;
    const auto m = dx::make_market(spec, rng);
    dx::CoreOptions options;
    options.grid = 9;
    const auto r = dx::core_search(m, options);
    INFO("sizes " << m.sizes.transpose());
    CHECK(r.refined_margin <= options.tolerance);
    CHECK(dx::blocking_coalitions(m, r.best, options).empty());
  }
}

TEST_CASE("the logit counterexample has no core-stable grid exchange at any resolution",
          "[data_exchange]") {
  const auto m = dx::logit_counterexample(false);
  for (int grid : {5, 9, 17}) {
    dx::CoreOptions options;
    options.grid = grid;
    const auto r = dx::core_search(m, options);
    CHECK(r.core_stable_on_grid == 0);
    CHECK(r.min_max_margin > 0.05);
    CHECK(r.refined_margin >= r.min_max_margin);
  }
}

TEST_CASE("equal redistribution inside coalitions restores a core-stable exchange",
          "[data_exchange]") {
  const auto m = dx::logit_counterexample(true);
  dx::CoreOptions options;
  const auto r = dx::core_search(m, options);
  CHECK(r.core_stable_on_grid > 0);
  CHECK(dx::blocking_coalitions(m, r.best, options).empty());
}

TEST_CASE("the exchange dynamic reaches a core-stable exchange in a rational market",
          "[data_exchange]") {
  const auto m = power_market({50, 50, 50}, dx::Demand::rational);
  std::mt19937_64 rng(3);
  const auto r =
      dx::run_exchange_dynamic(m, full_pooling(3), 20, dx::BlockerChoice::random, {}, rng);
  REQUIRE(r.converged);
  REQUIRE(r.trace.size() >= 1);  // full pooling is blocked by every pair
  CHECK(__builtin_popcount(r.trace.front().coalition) == 2);
  CHECK(dx::blocking_coalitions(m, r.final_exchange, {}).empty());
}
