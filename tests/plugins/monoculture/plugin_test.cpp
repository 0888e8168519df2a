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
}

TEST_CASE("irt_fit recovers the simulated abilities through the registry", "[monoculture]") {
  const auto population = at::run_method("irt_population", {{"models", 30}, {"items", 600}});
  const auto fit = at::run_method("irt_fit", {},
                                  {{"responses", population.at("responses")},
                                   {"true_ability", population.at("ability")},
                                   {"true_difficulty", population.at("difficulty")}});
  CHECK(fit.at("converged").as_int() == 1);
  CHECK(fit.at("ability_correlation").as_real() > 0.9);
}
