#include <catch2/catch.hpp>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

at::ValueMap scenes(int n) {
  return at::run_method("procedural_scenes", {{"n", n}, {"size", 16}, {"patch", 4}});
}

// The ports "<prefix>_images", "<prefix>_shapes", "<prefix>_colours" of one scenes output.
void add_scenes(at::ValueMap& inputs, const std::string& prefix, const at::ValueMap& s) {
  inputs.emplace(prefix + "_images", s.at("images"));
  inputs.emplace(prefix + "_shapes", s.at("shape_coverage"));
  inputs.emplace(prefix + "_colours", s.at("colour_coverage"));
}

}  // namespace

TEST_CASE("vit_train feeds concept_vectors, concept_detection and amplification",
          "[superactivators]") {
  const auto train = scenes(64), fit = scenes(40), test = scenes(41);
  at::ValueMap train_inputs;
  add_scenes(train_inputs, "train", train);
  add_scenes(train_inputs, "test", test);
  const auto vit = at::run_method(
      "vit_train", {{"dim", 16}, {"layers", 2}, {"heads", 2}, {"steps", 4}, {"batch", 8}},
      train_inputs);
  const double accuracy = vit.at("test_accuracy").as_real();
  REQUIRE((accuracy >= 0 && accuracy <= 1));

  at::ValueMap vector_inputs{{"model", vit.at("model")}};
  add_scenes(vector_inputs, "fit", fit);
  const auto vectors =
      at::run_method("concept_vectors", {{"kind", "kmeans"}, {"clusters", 2}}, vector_inputs);
  REQUIRE(vectors.at("directions").as_real_array().shape == std::vector<std::size_t>{3, 9, 2, 16});

  at::ValueMap inputs{{"model", vit.at("model")},
                      {"directions", vectors.at("directions")},
                      {"offsets", vectors.at("offsets")}};
  at::ValueMap detection_inputs = inputs;
  add_scenes(detection_inputs, "calibration", fit);
  add_scenes(detection_inputs, "test", test);
  const auto detection =
      at::run_method("concept_detection", {{"activation", "signed_distance"}}, detection_inputs);
  REQUIRE(detection.at("detection").as_table().rows() == 3 * 9);
  REQUIRE(detection.at("curve").as_table().rows() == 3 * 9 * 12);
  for (double f1 : at::column<double>(detection.at("detection").as_table(), "superactivator_f1"))
    REQUIRE((f1 >= 0 && f1 <= 1));

  at::ValueMap amplification_inputs = inputs;
  add_scenes(amplification_inputs, "fit", fit);
  add_scenes(amplification_inputs, "test", test);
  const auto amp = at::run_method("amplification", {}, amplification_inputs);
  REQUIRE(amp.at("heads").as_table().rows() == 9 * 2 * 2);
  REQUIRE(amp.at("ablation").as_table().rows() == 9 * 3);

  REQUIRE_THROWS_WITH(at::run_method("vit_train", {{"patch", 8}, {"steps", 1}}, train_inputs),
                      Catch::Contains("set procedural_scenes.patch"));
}
