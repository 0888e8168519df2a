#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

// A one-layer d16 model pretrained for 20 steps: shapes and plumbing, not science.
at::ValueMap tiny(at::ValueMap extra) {
  at::ValueMap p{
      {"dim", 16}, {"heads", 2}, {"layers", 1}, {"pretrain_steps", 20}, {"pretrain_batch", 8}};
  extra.insert(p.begin(), p.end());
  return extra;
}

at::ValueMap corpus_tokens() {
  const auto corpus = at::run_method("counting_corpus", {{"sequences", 64}});
  return {{"tokens", corpus.at("tokens")}};
}

}  // namespace

TEST_CASE("counting_corpus outputs whole sequences and their sources", "[counting_bottleneck]") {
  const auto out =
      at::run_method("counting_corpus", {{"sequences", 100}, {"explicit_frequency", 0.5}});
  const auto length = out.at("sequence_length").as_int();
  REQUIRE(out.at("tokens").as_int_array().data.size() == static_cast<std::size_t>(100 * length));
  CHECK(out.at("words").as_int() + out.at("digits").as_int() + out.at("explicit_items").as_int() ==
        100);
  CHECK(out.at("explicit_items").as_int() > 0);
}

TEST_CASE("count_probes probes every site and position of a pretrained model",
          "[counting_bottleneck]") {
  const auto out = at::run_method(
      "count_probes", tiny({{"train_per_count", 6}, {"test_per_count", 3}, {"null_samples", 20}}),
      corpus_tokens());
  CHECK(out.at("probes").as_table().rows() == 3 * 4);     // embed, block0.out, final x 4
  CHECK(out.at("alignment").as_table().rows() == 3 * 4);  // x (digits, words) x 2 nulls
  CHECK(out.at("pretrain_history").as_table().rows() > 0);
  const double p = out.at("final_digit_p_closer").as_real();
  CHECK(p > 0);
  CHECK(p <= 1);
  CHECK(std::isfinite(out.at("best_arrow_probe_accuracy").as_real()));
}

TEST_CASE("probe_informed_lora runs every arm and counts what it trains", "[counting_bottleneck]") {
  const auto tokens = corpus_tokens();
  for (const char* arm : {"probe", "random", "digit_rows", "qv"}) {
    INFO(arm);
    const auto out = at::run_method("probe_informed_lora",
                                    tiny({{"arm", arm},
                                          {"steps", 3},
                                          {"train_per_count", 3},
                                          {"test_per_count", 2},
                                          {"other_sequences", 8}}),
                                    tokens);
    const auto trainable = out.at("trainable").as_int();
    const std::map<std::string, std::int64_t> expected{
        {"probe", 2 * (16 + 36)}, {"random", 2 * (16 + 36)}, {"digit_rows", 160}, {"qv", 128}};
    CHECK(trainable == expected.at(arm));
    CHECK(out.at("fraction").as_real() ==
          Approx(static_cast<double>(trainable) / out.at("model_parameters").as_int()));
    CHECK(std::isfinite(out.at("other_loss_change").as_real()));
  }
}

TEST_CASE("probe_informed_lora names a token array that is not whole sequences",
          "[counting_bottleneck]") {
  REQUIRE_THROWS_WITH(at::run_method("probe_informed_lora", tiny({}),
                                     {{"tokens", assay::Value(assay::IntArray{{3}, {1, 2, 3}})}}),
                      Catch::Contains("tokens: 3 tokens"));
}
