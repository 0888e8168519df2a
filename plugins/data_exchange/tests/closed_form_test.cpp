#include "closed_form.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "core.hpp"
#include "paper_claims.hpp"

namespace dx = assay::data_exchange;

namespace {

// Every grid deviation of the coalition, with the members' payoffs.
template <class Visit>
void for_each_grid_deviation(const dx::Market& m, dx::Coalition c, int grid, Visit visit) {
  const auto size = static_cast<int>(dx::members_of(c, m.firms()).size());
  std::vector<int> level(size, 0);
  for (;;) {
    Eigen::VectorXd t(size);
    for (int k = 0; k < size; ++k) t[k] = size == 1 ? 0.0 : double(level[k]) / (grid - 1);
    visit(dx::deviation_payoffs(m, c, t));
    int k = 0;
    while (k < size && ++level[k] == (size == 1 ? 1 : grid)) level[k++] = 0;
    if (k == size) return;
  }
}

}  // namespace

TEST_CASE("no grid deviation beats the closed-form deviation where all members gain",
          "[data_exchange]") {
  for (int k = 0; k < 20; ++k) {
    std::mt19937_64 rng(100 + k);
    const bool sharing = k % 2 == 1;
    const auto demand = sharing && k % 4 == 1 ? dx::Demand::logit : dx::Demand::rational;
    const auto m = dx::random_power_market(3, demand, sharing, rng);
    for (dx::Coalition c : dx::all_coalitions(3)) {
      const auto exact = dx::closed_form_deviation(m, c);
      for_each_grid_deviation(m, c, 9, [&](const Eigen::VectorXd& v) {
        // Under rational demand only deviations paying every member something can block.
        if (!sharing && v.minCoeff() <= 0) return;
        REQUIRE(exact.has_value());
        CHECK(v.minCoeff() <= exact->payoffs.minCoeff() + 1e-12);
      });
    }
  }
}

TEST_CASE("rational winner exchanges tie exactly their winners at the top", "[data_exchange]") {
  std::mt19937_64 rng(3);
  const auto m = dx::random_power_market(4, dx::Demand::rational, false, rng);
  const auto exchanges = dx::rational_winner_exchanges(m);
  REQUIRE(!exchanges.empty());
  for (const auto& e : exchanges) {
    const Eigen::VectorXd u = dx::payoffs(m, e);
    const double winners = (u.array() > 0).count();
    for (Eigen::Index j = 0; j < u.size(); ++j)
      if (u[j] > 0) CHECK(u[j] == Approx(1 / winners));
  }
}

TEST_CASE("the certified margin bounds the margin of random continuous exchanges from below",
          "[data_exchange]") {
  const auto m = dx::logit_counterexample(false);
  dx::CoreOptions options;
  options.grid = 9;
  options.refine = false;
  const double certified = dx::core_search(m, options).certified_margin;
  REQUIRE(certified > 0);
  const dx::BlockingOracle oracle(m, options.grid);
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(0, 1);
  double lowest = 1;
  for (int k = 0; k < 2000; ++k) {
    dx::Exchange e = dx::Exchange::autarky(3);
    e.block.assign(3, 0);
    // Small takes too: the curve is steepest there.
    for (auto& t : e.take) t = k % 2 ? u(rng) : 0.05 * u(rng);
    lowest = std::min(lowest, oracle.max_margin(dx::payoffs(m, e), 1.0));
  }
  CHECK(lowest >= certified);
}

TEST_CASE("logit best deviations without sharing: no deviation on a fine grid beats them",
          "[data_exchange]") {
  // The fine grid (101 takes per member for pairs, 31 for triples) holds real deviations, so
  // the best deviation's margin is at least each of theirs; 1e-12 is round-off in the shares.
  dx::CoreOptions options;
  options.grid = 5;
  options.tolerance = -1;  // every coalition's best deviation, blocking or not
  std::uniform_real_distribution<double> u(0, 1);
  for (int k = 0; k < 12; ++k) {
    std::mt19937_64 rng(500 + k);
    const auto m = dx::random_power_market(3, dx::Demand::logit, false, rng);
    dx::Exchange status_quo = dx::Exchange::autarky(3);
    if (k % 2) {
      status_quo.block.assign(3, 0);
      for (auto& t : status_quo.take) t = u(rng);
    }
    const Eigen::VectorXd before = dx::payoffs(m, status_quo);
    const auto found = dx::blocking_coalitions(m, status_quo, options);
    for (const auto& d : found) {
      if (d.members.size() < 2) continue;
      const Eigen::VectorXd pay = dx::deviation_payoffs(m, d.coalition, d.take);
      double reached = 1;
      for (std::size_t i = 0; i < d.members.size(); ++i)
        reached = std::min(reached, pay[static_cast<Eigen::Index>(i)] - before[d.members[i]]);
      CHECK(reached == Approx(d.margin).margin(1e-12));
      double best_on_fine_grid = -1;
      for_each_grid_deviation(
          m, d.coalition, d.members.size() == 2 ? 101 : 31, [&](const Eigen::VectorXd& v) {
            double margin = 1;
            for (std::size_t i = 0; i < d.members.size(); ++i)
              margin = std::min(margin, v[static_cast<Eigen::Index>(i)] - before[d.members[i]]);
            best_on_fine_grid = std::max(best_on_fine_grid, margin);
          });
      INFO("market " << k << ", coalition " << d.coalition);
      CHECK(d.margin >= best_on_fine_grid - 1e-12);
    }
  }
}
