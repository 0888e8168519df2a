#include <catch2/catch.hpp>

#include "support/assay_process.hpp"
#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

TEST_CASE("image_set gives the digits as image arrays with labels", "[stdlib][images]") {
  const auto out = at::run_method("image_set", {{"dataset", "digits"}});
  CHECK(out.at("train_images").as_real_array().shape == std::vector<std::size_t>{1295, 8, 8});
  CHECK(out.at("test_labels").as_int_array().data.size() == 359);
  CHECK(out.at("classes").as_int() == 10);
}

TEST_CASE("image_set names the package when its files are missing", "[stdlib][images]") {
  at::TempFolder empty("stdlib_missing_images");
  CHECK_THROWS_WITH(
      at::run_method("image_set", {{"dataset", "fashion-mnist"}, {"path", empty.path()}}),
      Catch::Contains("install the Debian package dataset-fashion-mnist"));
}

TEST_CASE("procedural_scenes outputs images and per-patch coverage", "[stdlib][images]") {
  const auto out = at::run_method("procedural_scenes", {{"n", 5}, {"size", 16}, {"patch", 4}});
  CHECK(out.at("images").as_real_array().shape == std::vector<std::size_t>{5, 16, 16, 3});
  CHECK(out.at("shape_coverage").as_real_array().shape == std::vector<std::size_t>{5, 4, 4, 3});
  CHECK(out.at("colour_coverage").as_real_array().shape == std::vector<std::size_t>{5, 4, 4, 6});
  const auto& objects = out.at("objects").as_table();
  CHECK(objects.rows() >= 5);
  CHECK(objects.names.at(1) == "shape");
}
