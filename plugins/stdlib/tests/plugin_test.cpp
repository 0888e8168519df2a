#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("gaussian_clusters feeds linear_probe end to end", "[stdlib]") {
  const auto data = at::run_method("gaussian_clusters",
                                   {{"n", 200}, {"dim", 3}, {"classes", 4}, {"noise", 0.05}});
  REQUIRE(data.at("x").as_real_array().shape == std::vector<std::size_t>{200, 3});
  REQUIRE(data.at("y").as_int_array().data.size() == 200);
  const auto probe =
      at::run_method("linear_probe", {}, {{"features", data.at("x")}, {"labels", data.at("y")}});
  // Tight clusters (noise 0.05) are linearly separable; chance is 0.25. A ridge classifier is
  // not max-margin, so it may miss a few points near a boundary.
  CHECK(probe.at("ridge_accuracy").as_real() > 0.9);
  CHECK(probe.at("logistic_accuracy").as_real() > 0.9);
}

TEST_CASE("spirals are not linearly separable but carry label information", "[stdlib]") {
  const auto data = at::run_method("spirals", {{"n", 600}, {"classes", 3}, {"noise", 0.02}});
  const auto probe =
      at::run_method("linear_probe", {}, {{"features", data.at("x")}, {"labels", data.at("y")}});
  const double acc = probe.at("logistic_accuracy").as_real();
  CHECK(acc < 0.8);
  CHECK(acc > 1.0 / 3);
}
