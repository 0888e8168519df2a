// The pruned search (DeviationIndex, search_exchanges) against the exhaustive scans it replaced:
// every margin and every result must be equal to the last bit, ties included.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "closed_form.hpp"
#include "core.hpp"
#include "deviation_index.hpp"
#include "market_spec.hpp"
#include "paper_claims.hpp"

namespace dx = assay::data_exchange;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Exhaustive {
  dx::CoreSearchResult result;
  long attaining = 0;  // exchanges whose margin equals the min: more than one is a tie
};

// core_search as it was before the pruning: every exchange's margin from the oracle's full scan.
Exhaustive exhaustive_search(const dx::Market& m, const dx::CoreOptions& options) {
  const dx::BlockingOracle oracle(m, options.grid);
  dx::CoreSearchResult r;
  r.min_max_margin = kInf;
  std::vector<dx::Exchange> stable;
  std::vector<double> margins;
  const auto visit = [&](const dx::Exchange& e, bool on_grid) {
    ++r.exchanges_searched;
    const double margin = oracle.max_margin(dx::payoffs(m, e), kInf);
    margins.push_back(margin);
    if (margin <= options.tolerance) {
      if (on_grid) ++r.core_stable_on_grid;
      if (stable.size() < 256) stable.push_back(e);
    }
    if (margin < r.min_max_margin) {
      r.min_max_margin = margin;
      r.best = e;
    }
  };
  if (m.demand == dx::Demand::rational && !m.equal_sharing)
    for (const auto& e : dx::rational_winner_exchanges(m)) visit(e, false);
  dx::for_each_grid_exchange(m.firms(), options.grid,
                             [&](const dx::Exchange& e) { visit(e, true); });
  const auto refined = [&](const dx::Exchange& e) {
    const auto blocking = dx::blocking_coalitions(oracle, m, e, options);
    return blocking.empty() ? std::min(oracle.max_margin(dx::payoffs(m, e), kInf), 0.0)
                            : blocking.front().margin;
  };
  r.refined_margin = refined(r.best);
  for (std::size_t k = 0; k < stable.size() && r.refined_margin > options.tolerance; ++k)
    if (const double margin = refined(stable[k]); margin <= options.tolerance) {
      r.best = stable[k];
      r.refined_margin = margin;
    }
  const auto attaining = std::count(margins.begin(), margins.end(), r.min_max_margin);
  return {r, static_cast<long>(attaining)};
}

// Identical firms: every exchange has mirror images with equal margins.
dx::Market identical_firms(int firms, dx::Demand demand, bool sharing) {
  dx::Market m;
  m.sizes = Eigen::VectorXd::Constant(firms, 50);
  m.curves.assign(firms, dx::LearningCurve::power_law(1, 1, 0.5));
  m.demand = demand;
  m.beta = 30;
  m.equal_sharing = sharing;
  return m;
}

std::vector<dx::Market> test_markets() {
  std::vector<dx::Market> markets;
  std::mt19937_64 rng(29);
  for (int k = 0; k < 8; ++k) {
    const auto demand = k % 2 ? dx::Demand::logit : dx::Demand::rational;
    markets.push_back(dx::random_power_market(3 + k % 3 / 2, demand, k % 4 == 3, rng));
  }
  for (auto demand : {dx::Demand::logit, dx::Demand::rational}) {
    markets.push_back(identical_firms(3, demand, false));
    markets.push_back(identical_firms(4, demand, false));
    markets.push_back(identical_firms(3, demand, true));
  }
  dx::MarketSpec measured;  // tabulated curves: flat stretches, so ties of accuracy too
  measured.curve = dx::CurveKind::measured;
  measured.demand = dx::Demand::logit;
  measured.curve_repeats = 4;
  markets.push_back(dx::make_market(measured, rng));
  markets.push_back(dx::logit_counterexample(false));
  return markets;
}

}  // namespace

TEST_CASE("the deviation index gives the oracle's margins bit for bit", "[data_exchange]") {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(0, 1);
  for (const auto& m : test_markets()) {
    const int grid = 5;
    const dx::BlockingOracle oracle(m, grid);
    const dx::DeviationIndex index(m, grid);
    for (int draw = 0; draw < 40; ++draw) {
      dx::Exchange e = dx::Exchange::autarky(m.firms());
      for (int j = 0; j < m.firms(); ++j) {
        e.block[j] = static_cast<int>(unit(rng) * 2);
        e.take[j] = std::round(unit(rng) * (grid - 1)) / (grid - 1);
      }
      const Eigen::VectorXd u = dx::payoffs(m, e);
      const double full = oracle.max_margin(u, kInf);
      INFO("sizes " << m.sizes.transpose() << ", status quo " << u.transpose());
      REQUIRE(index.max_margin(u) == full);
      // Blocked above a stop means strictly above it: not at the margin itself.
      CHECK_FALSE(index.blocked_above(u, full));
      CHECK(index.blocked_above(u, std::nextafter(full, -kInf)));
    }
  }
}

TEST_CASE("the pruned core search equals the exhaustive search, ties included", "[data_exchange]") {
  int with_ties = 0;
  for (const auto& m : test_markets()) {
    for (int grid : {4, 5}) {
      dx::CoreOptions options;
      options.grid = grid;
      options.certify = false;
      const auto pruned = dx::core_search(m, options);
      const auto [reference, attaining] = exhaustive_search(m, options);
      INFO("sizes " << m.sizes.transpose() << ", grid " << grid);
      CHECK(pruned.min_max_margin == reference.min_max_margin);
      CHECK(pruned.refined_margin == reference.refined_margin);
      CHECK(pruned.exchanges_searched == reference.exchanges_searched);
      CHECK(pruned.core_stable_on_grid == reference.core_stable_on_grid);
      CHECK(pruned.best.block == reference.best.block);
      CHECK(pruned.best.take == reference.best.take);
      with_ties += attaining > 1;  // another exchange attains the same min (e.g. a mirror image)
    }
  }
  CHECK(with_ties >= 10);  // ties must be common for the first-found rule to be tested
}

TEST_CASE("the exhaustive reference tells a different market apart", "[data_exchange]") {
  // The comparison above is not vacuous: a market one firm larger has another min-max margin.
  dx::CoreOptions options;
  options.grid = 5;
  options.certify = false;
  auto larger = dx::logit_counterexample(false);
  larger.sizes[0] += 1;
  CHECK(dx::core_search(larger, options).min_max_margin !=
        exhaustive_search(dx::logit_counterexample(false), options).result.min_max_margin);
}
