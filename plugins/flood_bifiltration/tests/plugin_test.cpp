#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("flood_filtration of a circle has one long-lived loop", "[flood_bifiltration]") {
  const auto data = at::run_method(
      "flood_point_clouds",
      {{"dataset", "density"}, {"clouds", 1}, {"points", 300}, {"outliers", 0.0}, {"noise", 0.02}});
  const auto out =
      at::run_method("flood_filtration", {{"landmarks", 100}}, {{"points", data.at("points")}});
  const auto& h1 = out.at("diagram_h1").as_real_array();
  REQUIRE(h1.shape.size() == 2);
  REQUIRE(h1.shape[1] == 2);
  // The unit circle's loop is born near the sample spacing and dies near radius 1 (the centre
  // is covered at r ~ 1 - noise): the longest H1 bar lasts more than 0.8.
  double longest = 0;
  for (std::size_t i = 0; i < h1.shape[0]; ++i)
    longest = std::max(longest, h1.data[2 * i + 1] - h1.data[2 * i]);
  CHECK(longest > 0.8);
  const auto& h0 = out.at("diagram_h0").as_real_array();
  int essential = 0;
  for (std::size_t i = 0; i < h0.shape[0]; ++i) essential += std::isinf(h0.data[2 * i + 1]);
  CHECK(essential == 1);
  CHECK(out.at("n_landmarks").as_int() == 100);
}

TEST_CASE("bifiltration outputs are consistent grids", "[flood_bifiltration]") {
  const auto data = at::run_method("flood_point_clouds",
                                   {{"dataset", "circles"}, {"clouds", 1}, {"points", 200}});
  const auto out = at::run_method("sublevel_flood_bifiltration",
                                  {{"landmarks", 60}, {"r_steps", 10}, {"s_steps", 4}},
                                  {{"points", data.at("points")}});
  CHECK(out.at("hilbert_h0").as_real_array().shape == std::vector<std::size_t>{10, 4});
  CHECK(out.at("features").as_real_array().data.size() == 2 * 10 * 4);
  // The signed barcode's multiplicities sum to the Hilbert function at the top corner.
  const auto& bars = out.at("signed_barcode_h0").as_real_array();
  const auto& h0 = out.at("hilbert_h0").as_real_array();
  double total = 0;
  for (std::size_t i = 0; i < bars.shape[0]; ++i) total += bars.data[3 * i + 2];
  CHECK(total == h0.data.back());
}

TEST_CASE("bifiltration r_max: unset the largest finite Flood value, else the given one",
          "[flood_bifiltration]") {
  const auto data = at::run_method("flood_point_clouds",
                                   {{"dataset", "circles"}, {"clouds", 1}, {"points", 150}});
  const at::ValueMap grid{{"landmarks", 40}, {"r_steps", 5}, {"s_steps", 3}};
  const auto automatic =
      at::run_method("sublevel_flood_bifiltration", grid, {{"points", data.at("points")}});
  const auto& r = automatic.at("r_grid").as_real_array().data;
  CHECK(r.front() == 0);
  CHECK(r.back() > 0);
  at::ValueMap given = grid;
  given["r_max"] = 0.25;
  const auto fixed =
      at::run_method("sublevel_flood_bifiltration", given, {{"points", data.at("points")}});
  CHECK(fixed.at("r_grid").as_real_array().data.back() == 0.25);
}

TEST_CASE("features feed classify end to end", "[flood_bifiltration]") {
  const auto data = at::run_method("flood_point_clouds",
                                   {{"dataset", "circles"}, {"clouds", 30}, {"points", 120}});
  const auto features = at::run_method(
      "flood_bifiltration_features", {{"landmarks", 30}, {"r_steps", 8}, {"s_steps", 3}},
      {{"points", data.at("points")}, {"cloud", data.at("cloud")}});
  CHECK(features.at("features").as_real_array().shape == std::vector<std::size_t>{30, 48});
  const auto score = at::run_method(
      "classify", {}, {{"features", features.at("features")}, {"labels", data.at("labels")}});
  // Three well-separated shapes with 30% outliers: far above chance 1/3.
  CHECK(score.at("accuracy").as_real() > 0.6);
  CHECK(score.at("ci_low").as_real() < score.at("accuracy").as_real());
}
