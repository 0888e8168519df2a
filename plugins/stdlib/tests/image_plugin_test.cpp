#include <catch2/catch.hpp>
#include <fstream>
#include <set>

#include "store/result_store.hpp"
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

// Both image sets through the real CLI: flattened to rows, and each set's digest in /provenance
// (the shipped stdlib_images pipeline adds a classifier, half a CPU-minute: not a test). The
// images node stores nothing (`store = false`) but its provenance output, which is always kept.
TEST_CASE("image_set's digests of a sweep over both sets are in the result's provenance",
          "[stdlib][images][cli]") {
  at::TempFolder folder("stdlib_images_sweep");
  const auto pipeline = folder.file("images.toml");
  std::ofstream(pipeline) << "[pipeline]\nname = \"images\"\n"
                             "[nodes.images]\nmethod = \"image_set\"\nmax_images = 50\n"
                             "store = false\n"
                             "[nodes.pixels]\nmethod = \"flatten_rows\"\n"
                             "inputs = { array = \"images.train_images\" }\n"
                             "[sweep]\n\"images.dataset\" = [\"digits\", \"fashion-mnist\"]\n";
  const auto file = folder.file("images.h5");
  const auto r = at::run_assay({"run", pipeline, "-o", file, "-q"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto result = assay::read_results(file);
  REQUIRE(result.points.size() == 2);
  std::set<std::string> digests;
  std::set<std::size_t> widths;
  for (const auto& point : result.points) {
    REQUIRE(point.status == assay::PointStatus::ok);
    for (const auto& o : point.outputs) {
      if (o.node == "images") CHECK(o.port == "content_hash");
      if (o.node == "images" && o.port == "content_hash") digests.insert(o.value.as_string());
      if (o.node == "pixels") widths.insert(o.value.as_real_array().shape.at(1));
    }
  }
  CHECK(widths == std::set<std::size_t>{8 * 8, 28 * 28});
  REQUIRE(digests.size() == 2);
  CHECK(result.info.provenance.at("output:images.content_hash") ==
        *digests.begin() + "; " + *digests.rbegin());
}
