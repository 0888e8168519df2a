#include "population_sweep.hpp"

#include <catch2/catch.hpp>
#include <random>

#include "pair_groups.hpp"
#include "population.hpp"

namespace mc = assay::monoculture;

namespace {

mc::PopulationDraw small_population(std::uint64_t seed) {
  mc::PopulationSpec spec;
  spec.models = 8;
  spec.items = 300;
  std::mt19937_64 rng(seed);
  return mc::draw_responses(mc::draw_truth(spec, rng), rng);
}

}  // namespace

TEST_CASE("target excess over the whole population equals the group measure", "[monoculture]") {
  const auto d = small_population(31);
  mc::MeasureOptions o;
  o.resamples = 50;
  std::vector<int> items(300), reference{2, 3, 4, 5, 6, 7};
  for (int j = 0; j < 300; ++j) items[j] = j;
  std::mt19937_64 rng_a(1), rng_b(1);
  const auto target = mc::target_excess(d.responses, {0, 1}, reference, items, o, rng_a);
  const auto group =
      mc::agreement_excess(d.responses, {mc::pairs_among(8, {0, 1}, "t")}, o, rng_b).groups[0];
  CHECK(target.excess == group.excess);
  CHECK(target.ci_low == group.ci_low);
}

TEST_CASE("population sweep starts with the full population and draws smaller ones",
          "[monoculture]") {
  const auto d = small_population(32);
  mc::SweepSpec spec;
  spec.targets = {0, 1};
  spec.reference_models = 3;
  spec.items = 150;
  spec.populations = 3;
  mc::MeasureOptions o;
  o.resamples = 50;
  std::mt19937_64 rng(2);
  const auto rows = mc::population_sweep(d.responses, spec, o, rng);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].models == 8);
  CHECK(rows[0].items == 300);
  for (std::size_t r = 1; r < rows.size(); ++r) {
    CHECK(rows[r].models == 5);
    CHECK(rows[r].items == 150);
  }
}

TEST_CASE("a target listed as reference is rejected", "[monoculture]") {
  const auto d = small_population(33);
  std::mt19937_64 rng(3);
  CHECK_THROWS_AS(mc::target_excess(d.responses, {0, 1}, {1, 2}, {0, 1, 2}, {}, rng),
                  std::invalid_argument);
}

TEST_CASE("sweep summary describes the random populations only", "[monoculture]") {
  auto row = [](double excess, double low, double high) {
    mc::SweepRow r;
    r.excess.excess = excess;
    r.excess.ci_low = low;
    r.excess.ci_high = high;
    return r;
  };
  const std::vector<mc::SweepRow> rows{row(0.5, 0.4, 0.6), row(0.02, 0.01, 0.03),
                                       row(-0.02, -0.03, -0.01), row(0.0, -0.01, 0.01)};
  const mc::SweepSummary s = mc::summarise_sweep(rows);
  CHECK(s.full_excess == 0.5);
  CHECK(s.excess_min == -0.02);
  CHECK(s.excess_max == 0.02);
  CHECK(s.excess_sd == Approx(0.02).epsilon(1e-12));  // sd of {0.02, -0.02, 0}
  CHECK(s.fraction_positive == Approx(1.0 / 3));
  CHECK(s.fraction_negative == Approx(1.0 / 3));
  CHECK(s.sign_flip);
  CHECK_THROWS_AS(mc::summarise_sweep({rows[0]}), std::invalid_argument);
}
