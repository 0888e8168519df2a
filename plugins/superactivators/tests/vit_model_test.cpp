#include "vit_model.hpp"

#include <catch2/catch.hpp>

namespace sa = assay::superactivators;

namespace {

sa::VitShape tiny() {
  return {.size = 8, .patch = 4, .dim = 8, .layers = 2, .heads = 2, .classes = 3};
}

std::vector<double> ramp_images(int count, int size) {
  std::vector<double> v(static_cast<std::size_t>(count) * size * size * 3);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i % 97) / 97;
  return v;
}

}  // namespace

TEST_CASE("patchify puts each pixel in its patch's row, in (row, column, channel) order",
          "[superactivators]") {
  const int size = 8, patch = 4;
  const auto images = ramp_images(2, size);
  const auto p = sa::patchify(images, 2, size, patch);
  REQUIRE(p.rows() == 2 * 4);
  REQUIRE(p.cols() == 4 * 4 * 3);
  // Image 1, pixel (row 5, column 2), channel 1: patch (1, 0) = token 2, offset (1, 2).
  const auto pixel = ((1 * size + 5) * size + 2) * 3 + 1;
  REQUIRE(p(1 * 4 + 2, (1 * 4 + 2) * 3 + 1) == Approx(images[pixel]));
  REQUIRE_THROWS(sa::patchify(images, 2, size, 3));
}

TEST_CASE("a ViT rebuilt from its checkpoint computes the same states", "[superactivators]") {
  assay::nn::Rng rng(3);
  const sa::Vit vit(tiny(), rng);
  const sa::Vit copy(vit.checkpoint());
  const auto patches = sa::patchify(ramp_images(3, 8), 3, 8, 4);
  const auto a = vit.states(patches, 3, {}, 2), b = copy.states(patches, 3);
  REQUIRE(a.layers.size() == 3);
  REQUIRE(a.writes.size() == 2);
  REQUIRE(a.logits.rows() == 3);
  for (std::size_t l = 0; l < a.layers.size(); ++l) REQUIRE(a.layers[l].isApprox(b.layers[l]));
  REQUIRE(a.logits.isApprox(b.logits));
}

TEST_CASE("ablating a block's heads zeroes their writes and changes only later layers",
          "[superactivators]") {
  assay::nn::Rng rng(5);
  const sa::Vit vit(tiny(), rng);
  const auto patches = sa::patchify(ramp_images(2, 8), 2, 8, 4);
  const auto s = vit.states(patches, 2);
  const auto ablated = vit.states(patches, 2, {{1, 0}, {1, 1}});
  REQUIRE(s.writes[1][0].norm() > 0);
  REQUIRE(ablated.writes[1][0].norm() == 0);
  REQUIRE(ablated.writes[1][1].norm() == 0);
  REQUIRE(ablated.writes[0][0].isApprox(s.writes[0][0]));
  REQUIRE(ablated.layers[1].isApprox(s.layers[1]));
  REQUIRE_FALSE(ablated.layers[2].isApprox(s.layers[2]));
}
