#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

// The Python standard library through stdlib's text_corpus, and a model small enough for a test.
const at::ValueMap& corpus() {
  static const at::ValueMap c = at::run_method("text_corpus", {{"source", "python-stdlib"}});
  return c;
}

at::ValueMap tiny_model(const std::string& model) {
  return {{"model", model}, {"dim", 32},  {"layers", 1},       {"context", 16},
          {"steps", 30},    {"batch", 4}, {"eval_windows", 4}, {"nonzero_fraction", 0.25}};
}

at::ValueMap documents() {
  return {{"train", corpus().at("train")}, {"validation", corpus().at("validation")}};
}

}  // namespace

TEST_CASE("sparse_transformer_train trains each kind on Python code", "[sparse_weights]") {
  const auto sparse = at::run_method("sparse_transformer_train", tiny_model("sparse"), documents());
  const auto matched =
      at::run_method("sparse_transformer_train", tiny_model("dense_matched"), documents());
  REQUIRE(sparse.at("width").as_int() == 32);
  REQUIRE(matched.at("width").as_int() == 16);
  // A quarter of the matrices' entries, or more where a row keeps its 4 live weights.
  const auto nonzero = static_cast<double>(sparse.at("nonzero").as_int());
  const auto all = static_cast<double>(sparse.at("matrix_weights").as_int());
  REQUIRE(nonzero >= 0.25 * all - 8);
  REQUIRE(nonzero < 0.35 * all);
  REQUIRE(matched.at("nonzero").as_int() == matched.at("matrix_weights").as_int());
  REQUIRE(std::log(98.0) - sparse.at("eval_loss").as_real() > 0.5);
  REQUIRE_THROWS_WITH(
      at::run_method("sparse_transformer_train", {{"dim", 40}, {"steps", 1}}, documents()),
      Catch::Contains("dim: 40 is not a multiple of head_size 16"));
}

TEST_CASE("a trained model feeds weight_importance, which feeds weight_explainer",
          "[sparse_weights]") {
  const auto trained =
      at::run_method("sparse_transformer_train", tiny_model("sparse"), documents());
  const at::ValueMap inputs{{"model", trained.at("model")}, {"analysis", corpus().at("test")}};
  const auto imp = at::run_method(
      "weight_importance", {{"windows", 4}, {"sampled_weights", 20}, {"ablations", 3}}, inputs);
  const auto& importance = imp.at("importance").as_float_array();
  REQUIRE(importance.shape == std::vector<std::size_t>{20, 2 * 4 * 16});
  REQUIRE(imp.at("tokens").as_table().rows() == 128);
  REQUIRE(imp.at("weights").as_table().rows() == 20);
  REQUIRE(imp.at("ablation").as_table().rows() == 3);
  const double r = imp.at("screen_exact_correlation").as_real();
  REQUIRE(std::isfinite(r));
  const auto ex = at::run_method("weight_explainer", {},
                                 {{"importance", imp.at("importance")},
                                  {"tokens", imp.at("tokens")},
                                  {"weights", imp.at("weights")}});
  REQUIRE(ex.at("explanations").as_table().rows() == 20);
  const double fraction = ex.at("interpretable_fraction").as_real();
  REQUIRE(fraction >= 0);
  REQUIRE(fraction <= 1);
  REQUIRE_THROWS_WITH(
      at::run_method("weight_importance", {},
                     {{"model", trained.at("model")}, {"analysis", imp.at("weights")}}),
      Catch::Contains("analysis: the table has no 'text' column"));
  REQUIRE_THROWS_WITH(at::run_method("weight_explainer", {},
                                     {{"importance", imp.at("importance")},
                                      {"tokens", imp.at("weights")},
                                      {"weights", imp.at("weights")}}),
                      Catch::Contains("tokens: no column 'split'"));
}
