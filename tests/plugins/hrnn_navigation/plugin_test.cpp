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
