#include "scene_concepts.hpp"

#include <catch2/catch.hpp>

namespace sa = assay::superactivators;

TEST_CASE("scene concepts label tokens from coverage and images from their tokens",
          "[superactivators]") {
  std::mt19937_64 rng(7);
  assay::stdlib::SceneOptions o;
  o.count = 20;
  o.patch = 4;
  const auto scenes = assay::stdlib::generate_scenes(o, rng);
  const auto c = sa::scene_concepts(scenes, 0.5);
  REQUIRE(c.count() == 9);
  REQUIRE(c.names[0] == "red");
  REQUIRE(c.names[6] == "circle");
  REQUIRE_FALSE(c.context[0]);
  REQUIRE(c.context[6]);
  REQUIRE(c.token.rows() == 20 * 64);
  for (Eigen::Index t = 0; t < c.token.rows(); ++t) {
    const double red = scenes.colour_coverage[t * 6 + 0];
    REQUIRE(c.token(t, 0) == (red >= 0.5 ? 1 : red == 0 ? 0 : -1));
  }
  for (int n = 0; n < 20; ++n)
    REQUIRE(c.image(n, 6) == (c.token.col(6).segment(n * 64, 64).maxCoeff() == 1 ? 1 : 0));
  const auto labels = sa::majority_shape(scenes);
  for (int n = 0; n < 20; ++n) {
    double covered[3] = {0, 0, 0};
    for (int t = 0; t < 64; ++t)
      for (int k = 0; k < 3; ++k) covered[k] += scenes.shape_coverage[(n * 64 + t) * 3 + k];
    for (int k = 0; k < 3; ++k) REQUIRE(covered[labels[n]] >= covered[k]);
  }
}
