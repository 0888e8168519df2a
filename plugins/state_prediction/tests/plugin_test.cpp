#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

// fortunes-min through stdlib's corpus and character tokenizer, as a pipeline links them.
at::ValueMap char_ids() {
  const auto corpus = at::run_method("text_corpus", {{"source", "fortunes-min"}});
  const auto ids = at::run_method("char_tokenizer", {},
                                  {{"train", corpus.at("train")},
                                   {"validation", corpus.at("validation")},
                                   {"test", corpus.at("test")}});
  return {{"train_ids", ids.at("train_ids")},
          {"validation_ids", ids.at("validation_ids")},
          {"vocab_size", ids.at("vocab_size")}};
}

at::ValueMap tiny(const std::string& arm) {
  return {{"arm", arm}, {"layers", 2}, {"dim", 16},   {"heads", 2},       {"context", 16},
          {"batch", 4}, {"steps", 20}, {"warmup", 2}, {"eval_every", 10}, {"eval_batches", 2}};
}

}  // namespace

TEST_CASE("separated_lm_train trains each arm on the fortunes and reports its curve",
          "[state_prediction]") {
  const auto inputs = char_ids();
  double standard_flops = 0;
  for (const char* arm : {"standard", "separated", "pause"}) {
    const auto out = at::run_method("separated_lm_train", tiny(arm), inputs);
    const auto& curve = out.at("curve").as_table();
    INFO(arm);
    REQUIRE(curve.rows() == 3);  // steps 0, 10, 20
    const auto& bits = std::get<std::vector<double>>(curve.columns[4]);
    REQUIRE(bits.back() < bits.front());
    REQUIRE(out.at("validation_bits").as_real() == bits.back());
    const auto& flops = std::get<std::vector<double>>(curve.columns[2]);
    REQUIRE(flops.back() == 20 * out.at("step_flops").as_real());
    if (std::string(arm) == "standard")
      standard_flops = out.at("step_flops").as_real();
    else
      REQUIRE(out.at("step_flops").as_real() > 1.5 * standard_flops);
  }
}

TEST_CASE("gradient_paths measures the standard arm's conflict and none in the separated arm",
          "[state_prediction]") {
  const auto inputs = char_ids();
  auto params = tiny("standard");
  params["windows"] = 4;
  const auto standard = at::run_method("gradient_paths", params, inputs);
  REQUIRE(standard.at("paths").as_table().rows() == 3 * 3);  // 3 rows x (input + 2 blocks)
  REQUIRE(std::abs(standard.at("cosine").as_real()) < 1);
  REQUIRE(standard.at("norm_ratio").as_real() > 0);
  params["arm"] = "separated";
  const auto separated = at::run_method("gradient_paths", params, inputs);
  REQUIRE(std::isnan(separated.at("cosine").as_real()));
  REQUIRE(separated.at("norm_ratio").as_real() == 0);
}

TEST_CASE("ids outside the vocabulary are refused by port", "[state_prediction]") {
  auto inputs = char_ids();
  inputs["vocab_size"] = std::int64_t{3};
  REQUIRE_THROWS_WITH(at::run_method("separated_lm_train", tiny("standard"), inputs),
                      Catch::Contains("train_ids: id") && Catch::Contains("vocab_size = 3"));
}
