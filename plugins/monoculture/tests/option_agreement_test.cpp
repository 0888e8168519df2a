#include "option_agreement.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "excess_measures.hpp"
#include "population.hpp"

namespace mc = assay::monoculture;

TEST_CASE("same-option null is the U-statistic of the other wrong models", "[monoculture]") {
  // Six models on one item: model 5 right; wrong options 1, 1, 2, 2, 3.
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(6, 1), c(6, 1);
  y(5, 0) = 1;
  c << 1, 1, 2, 2, 3, 0;
  const auto pair01 = mc::pairs_among(6, {0, 1}, "01");
  const auto pair02 = mc::pairs_among(6, {0, 2}, "02");
  const auto r = mc::option_agreement_by_item(y, c, {pair01, pair02});
  // Pair (0, 1) leaves options {2, 2, 3}: sum n(n-1) / (n(n-1)) = 2 / 6.
  CHECK(r.eligible(0, 0) == 1);
  CHECK(r.same(0, 0) == 1);
  CHECK(r.expected(0, 0) == Approx(2.0 / 6.0));
  // Pair (0, 2) leaves options {1, 2, 3}: no two alike.
  CHECK(r.same(0, 1) == 0);
  CHECK(r.expected(0, 1) == 0.0);
}

TEST_CASE("same-option excess is null without shared options and positive with them",
          "[monoculture]") {
  mc::PopulationSpec spec;
  spec.models = 16;
  spec.items = 800;
  spec.clusters = 2;
  spec.ability_sd = 0.5;
  const auto within = [&](double shared, std::uint64_t seed) {
    spec.shared_option = shared;
    std::mt19937_64 rng(seed);
    const mc::PopulationTruth truth = mc::draw_truth(spec, rng);
    const mc::PopulationDraw d = mc::draw_responses(truth, rng);
    return mc::same_wrong_option_excess(
        d.responses, d.choices, {mc::within_cluster_pairs(truth.cluster)}, 400, 0.99, rng)[0];
  };
  // Independent wrong options: the U-statistic null is unbiased, so a 99% interval covers 0.
  const auto none = within(0.0, 21);
  CHECK(none.ci_low <= 0);
  CHECK(none.ci_high >= 0);
  const auto shared = within(0.4, 22);
  CHECK(shared.ci_low > 0);
}

TEST_CASE("same-option excess over all pairs is zero by construction", "[monoculture]") {
  // The mean over pairs of leave-pair-out U-statistics is the full U-statistic, which is the
  // share of same-option pairs: a null fitted on the same models explains the population
  // average exactly, whatever the data.
  mc::PopulationSpec spec;
  spec.models = 10;
  spec.items = 200;
  spec.clusters = 2;
  spec.shared_option = 0.7;
  std::mt19937_64 rng(23);
  const mc::PopulationDraw d = mc::draw_responses(mc::draw_truth(spec, rng), rng);
  const auto r = mc::option_agreement_by_item(d.responses, d.choices, {mc::all_pairs(10)});
  CHECK(r.same.sum() == Approx(r.expected.sum()).epsilon(1e-12));
}

TEST_CASE("a wrong response coded as the correct option is rejected", "[monoculture]") {
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(4, 1), c = Eigen::MatrixXd::Zero(4, 1);
  CHECK_THROWS_AS(mc::option_agreement_by_item(y, c, {mc::all_pairs(4)}), std::invalid_argument);
}
