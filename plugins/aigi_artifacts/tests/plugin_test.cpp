#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

// A few Fashion-MNIST images through stdlib's image_set, as a pipeline links them.
const at::ValueMap& images() {
  static const at::ValueMap out =
      at::run_method("image_set", {{"dataset", "fashion-mnist"}, {"max_images", 40}});
  return out;
}

const at::ValueMap& fakes() {
  static const at::ValueMap out = at::run_method(
      "generators_train", {{"steps", 2}, {"batch", 4}, {"sources", 16}, {"max_train", 16}},
      {{"train_images", images().at("train_images")},
       {"train_labels", images().at("train_labels")},
       {"source_images", images().at("test_images")},
       {"source_labels", images().at("test_labels")}});
  return out;
}

at::ValueMap detector_inputs() {
  return {{"fakes", fakes().at("fakes")},
          {"images", images().at("test_images")},
          {"labels", images().at("test_labels")}};
}

}  // namespace

TEST_CASE("generators_train trains the 16 generators and reconstructs the sources",
          "[aigi_artifacts]") {
  const auto& f = fakes().at("fakes").as_real_array();
  REQUIRE(f.shape == std::vector<std::size_t>{16, 16, 28, 28});
  for (double v : f.data) REQUIRE((v >= 0 && v <= 1));
  const auto& table = fakes().at("generators").as_table();
  REQUIRE(table.rows() == 16);
}

TEST_CASE("artifact_descriptors gives spectra, distances and an attribution", "[aigi_artifacts]") {
  const auto out =
      at::run_method("artifact_descriptors", {{"attribution_steps", 20}}, detector_inputs());
  REQUIRE(out.at("distance").as_real_array().shape == std::vector<std::size_t>{16, 16});
  REQUIRE(out.at("spectra").as_table().rows() == 17 * 13);  // reals and 16 generators
  const double acc = out.at("attribution_accuracy").as_real();
  REQUIRE((acc >= 0 && acc <= 1));
  REQUIRE(out.at("chance").as_real() == 1.0 / 16);
}

TEST_CASE("detector_train scores every held-out generator, with both methods", "[aigi_artifacts]") {
  for (const char* method : {"baseline", "sa_afl_lite"}) {
    const auto out = at::run_method(
        "detector_train", {{"detector", method}, {"steps", 3}, {"batch", 8}, {"shortcut", true}},
        detector_inputs());
    REQUIRE(out.at("per_generator").as_table().rows() == 15);
    REQUIRE(out.at("history").as_table().rows() == 3);
    for (const char* k : {"accuracy", "map", "auc", "effective_rank"})
      REQUIRE(std::isfinite(out.at(k).as_real()));
  }
  REQUIRE_THROWS_WITH(at::run_method("detector_train", {{"train_generators", "tconv-big-sigmoid"}},
                                     detector_inputs()),
                      Catch::Contains("train_generators") && Catch::Contains("tconv-big-sigmoid"));
}

TEST_CASE("detector_train refuses fakes that are not the family's", "[aigi_artifacts]") {
  auto inputs = detector_inputs();
  inputs["fakes"] = images().at("test_images");
  REQUIRE_THROWS_WITH(at::run_method("detector_train", {}, inputs), Catch::Contains("fakes"));
}
