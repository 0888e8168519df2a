// monoculture through the registry: a simulated population, its IRT fit and excess agreement.
#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("a Rasch population shows marginal excess agreement but none over the item null",
          "[monoculture]") {
  const auto population =
      at::run_method("irt_population", {{"models", 12}, {"items", 400}, {"difficulty_sd", 1.5}});
  REQUIRE(population.at("responses").as_real_array().shape == std::vector<std::size_t>{12, 400});
  const at::ValueMap inputs{{"responses", population.at("responses")}};
  const auto marginal =
      at::run_method("monoculture_measure", {{"null", "marginal"}, {"resamples", 100}}, inputs);
  const auto rasch =
      at::run_method("monoculture_measure", {{"null", "rasch"}, {"resamples", 100}}, inputs);
  // Item difficulty alone makes models agree more than their accuracies predict...
  CHECK(marginal.at("excess_ci_low").as_real() > 0);
  // ...and the item-difficulty null accounts for it: its interval covers zero.
  CHECK(rasch.at("excess_ci_low").as_real() <= 0);
  CHECK(rasch.at("excess_ci_high").as_real() >= 0);
  CHECK(rasch.at("observed_agreement") == marginal.at("observed_agreement"));
  // Without clusters or choices the cluster and option outputs are absent, not NaN.
  for (const char* port :
       {"within_excess", "between_ci_low", "same_option_excess", "within_same_option_excess"})
    CHECK(rasch.count(port) == 0);
}

TEST_CASE("irt_fit recovers the simulated abilities through the registry", "[monoculture]") {
  const auto population = at::run_method("irt_population", {{"models", 30}, {"items", 600}});
  const auto fit = at::run_method("irt_fit", {},
                                  {{"responses", population.at("responses")},
                                   {"true_ability", population.at("ability")},
                                   {"true_difficulty", population.at("difficulty")}});
  CHECK(fit.at("converged").as_int() == 1);
  CHECK(fit.at("ability_correlation").as_real() > 0.9);
  const auto untold = at::run_method("irt_fit", {}, {{"responses", population.at("responses")}});
  CHECK(untold.count("ability_correlation") == 0);
  CHECK(untold.count("difficulty_correlation") == 0);
  CHECK(untold.at("ability") == fit.at("ability"));
}

TEST_CASE("planted monoculture shows as within-cluster excess through the registry",
          "[monoculture]") {
  const auto population = at::run_method("irt_population", {{"models", 12},
                                                            {"items", 600},
                                                            {"clusters", 2},
                                                            {"shared_error", 2.0},
                                                            {"shared_option", 0.5}});
  const auto measure = at::run_method("monoculture_measure", {{"resamples", 100}},
                                      {{"responses", population.at("responses")},
                                       {"choices", population.at("choices")},
                                       {"clusters", population.at("clusters")}});
  // A loading of 2 on the cluster's error factor: models in one cluster agree well beyond the
  // item null (the measured excess at 1,000 items was ~0.08 in the checks), those across
  // clusters below it, since the null is fitted on both clusters together.
  CHECK(measure.at("within_ci_low").as_real() > 0);
  CHECK(measure.at("between_ci_high").as_real() < 0);
  CHECK(measure.at("within_same_option_excess").as_real() > 0);
}

TEST_CASE("population_sweep reports the full population and each random one", "[monoculture]") {
  const auto population = at::run_method("irt_population", {{"models", 10}, {"items", 300}});
  const auto sweep = at::run_method("population_sweep",
                                    {{"targets", assay::RealArray{{2}, {0.0, 1.0}}},
                                     {"reference_models", 3},
                                     {"items", 150},
                                     {"populations", 4},
                                     {"resamples", 50}},
                                    {{"responses", population.at("responses")}});
  REQUIRE(sweep.at("populations_table").as_table().rows() == 5);
  CHECK(sweep.at("excess_min").as_real() <= sweep.at("excess_max").as_real());
  CHECK(sweep.at("fraction_positive").as_real() + sweep.at("fraction_negative").as_real() <= 1);
}

TEST_CASE("population_sweep with reference_models and items unset keeps every model and item",
          "[monoculture]") {
  const auto population = at::run_method("irt_population", {{"models", 8}, {"items", 200}});
  const auto sweep = at::run_method("population_sweep", {{"populations", 2}, {"resamples", 50}},
                                    {{"responses", population.at("responses")}});
  const auto& table = sweep.at("populations_table").as_table();
  REQUIRE(table.names[0] == "models");
  REQUIRE(table.names[1] == "items");
  CHECK(std::get<std::vector<std::int64_t>>(table.columns[0]) == std::vector<std::int64_t>(3, 8));
  CHECK(std::get<std::vector<std::int64_t>>(table.columns[1]) == std::vector<std::int64_t>(3, 200));
}
