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
