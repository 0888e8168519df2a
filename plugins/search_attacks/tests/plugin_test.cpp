#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {
at::ValueMap corpus() {
  return {{"entities", 100}, {"relations", 3}, {"questions", 60}, {"held_out", 20}};
}
}  // namespace

TEST_CASE("kb_sandbox publishes the corpus's cue statistics", "[search_attacks]") {
  const auto out = at::run_method("kb_sandbox", corpus());
  REQUIRE(out.at("questions").as_int() == 60);
  REQUIRE(out.at("cues").as_table().rows() == 2);
}

TEST_CASE("a reader trained once feeds the agent and an attack search", "[search_attacks]") {
  auto params = corpus();
  params["steps"] = 100;
  const auto reader = at::run_method("reader_train", params);
  REQUIRE(reader.at("hop_accuracy").as_real() > 0.3);
  params.erase("steps");
  const auto agent = at::run_method("search_agent", params, {{"model", reader.at("model")}});
  REQUIRE(agent.at("clean_accuracy").as_real() > 0);
  params["budget"] = 48;
  params["searcher"] = std::string("creo");
  const auto attack = at::run_method("attack_evolution", params, {{"model", reader.at("model")}});
  REQUIRE(attack.at("curve").as_table().rows() == 8);
  REQUIRE(attack.at("success").as_real() >= 0);
  REQUIRE(attack.at("best").as_string().find("stuffing=") == 0);
}

TEST_CASE("held_out must leave questions for the rollouts", "[search_attacks]") {
  auto params = corpus();
  params["held_out"] = 60;
  REQUIRE_THROWS_WITH(at::run_method("kb_sandbox", params), Catch::Contains("held_out"));
}

TEST_CASE("attack_coevolution reports each defender update", "[search_attacks]") {
  auto params = corpus();
  params["steps"] = 100;
  const auto reader = at::run_method("reader_train", params);
  params.erase("steps");
  params["rounds"] = 3;
  params["budget"] = 32;
  const auto out = at::run_method("attack_coevolution", params, {{"model", reader.at("model")}});
  REQUIRE(out.at("updates").as_table().rows() == 2);
  REQUIRE(out.at("mean_drop").as_real() >= -1);
}
