#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

at::ValueMap tiny_training(const std::string& model) {
  return {{"model", model},    {"size_a", 8},       {"size_p", 16},     {"hd_cells", 8},
          {"place_cells", 32}, {"train_steps", 20}, {"train_batch", 8}, {"horizon", 10},
          {"walks", 10},       {"walk_steps", 30}};
}

}  // namespace

TEST_CASE("trajectories outputs walks of the requested shape", "[hrnn_navigation]") {
  const auto out = at::run_method("trajectories", {{"batch", 4}, {"steps", 30}});
  REQUIRE(out.at("speed").as_real_array().shape == std::vector<std::size_t>{4, 30});
  REQUIRE(out.at("x").as_real_array().shape == std::vector<std::size_t>{4, 31});
  for (double v : out.at("speed").as_real_array().data) REQUIRE(v >= 0);
}

TEST_CASE("hrnn_train trains both models and exports their networks", "[hrnn_navigation]") {
  for (const char* model : {"hierarchical", "flat"}) {
    const auto out = at::run_method("hrnn_train", tiny_training(model));
    REQUIRE(out.at("recurrent").as_real_array().shape == std::vector<std::size_t>{24, 24});
    REQUIRE(out.at("readout").as_real_array().shape == std::vector<std::size_t>{40, 24});
    REQUIRE(out.at("position_error").as_real_array().data.size() == 30);
    REQUIRE(out.at("history").as_table().rows() == 20);
    REQUIRE(std::isfinite(out.at("position_error_trained_horizon").as_real()));
  }
}

TEST_CASE("cell_types and hrnn_perturb read a trained network", "[hrnn_navigation]") {
  const auto net = at::run_method("hrnn_train", tiny_training("hierarchical"));
  at::ValueMap inputs;
  for (const char* port : {"input", "recurrent", "init", "readout", "place_centres", "setting"})
    inputs[port] = net.at(port);
  const auto types =
      at::run_method("cell_types", {{"walks", 10}, {"walk_steps", 100}, {"shuffles", 2}}, inputs);
  REQUIRE(types.at("grid_score").as_real_array().data.size() == 24);
  REQUIRE(types.at("rate_maps").as_real_array().shape == std::vector<std::size_t>{24, 400});
  const auto& counts = types.at("counts").as_table();
  REQUIRE(counts.rows() == 3);  // A, P, all
  REQUIRE_THROWS_WITH(at::run_method("cell_types", {{"walks", 2}, {"walk_steps", 50}}, inputs),
                      Catch::Contains("min_shift: 50 steps needs a recording"));
  const auto perturb = at::run_method(
      "hrnn_perturb", {{"walks", 10}, {"walk_steps", 100}, {"permutations", 19}}, inputs);
  const auto& silencing = perturb.at("silencing").as_table();
  REQUIRE(silencing.rows() == 3);
  // P never feeds A: silencing P cannot change the heading read from A.
  const auto& heading = at::column(silencing, "heading_error");
  REQUIRE(heading[2] == heading[0]);
  const auto flat = at::run_method("hrnn_train", tiny_training("flat"));
  for (auto& [port, value] : inputs) value = flat.at(port);
  REQUIRE_THROWS_WITH(at::run_method("hrnn_perturb", {}, inputs),
                      Catch::Contains("a flat network has no modules"));
}
