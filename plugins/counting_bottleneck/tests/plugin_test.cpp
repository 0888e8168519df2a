#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;

namespace {

at::ValueMap corpus_tokens() {
  const auto corpus = at::run_method("counting_corpus", {{"sequences", 64}});
  return {{"tokens", corpus.at("tokens")}};
}

// A one-layer d16 model pretrained for 20 steps: shapes and plumbing, not science.
at::ValueMap tiny_model() {
  const auto out = at::run_method(
      "counting_pretrain",
      {{"dim", 16}, {"heads", 2}, {"layers", 1}, {"pretrain_steps", 20}, {"pretrain_batch", 8}},
      corpus_tokens());
  return {{"model", out.at("model")}};
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

TEST_CASE("counting_pretrain outputs the model as a checkpoint with W_U under head.weight",
          "[counting_bottleneck]") {
  const auto out = at::run_method(
      "counting_pretrain",
      {{"dim", 16}, {"heads", 2}, {"layers", 1}, {"pretrain_steps", 20}, {"pretrain_batch", 8}},
      corpus_tokens());
  const auto& model = out.at("model").as_record();
  CHECK(model.at("config").as_record().at("dim").as_int() == 16);
  const auto& head = model.at("params").as_record().at("head.weight").as_float_array();
  CHECK(head.shape == std::vector<std::size_t>{36, 16});
  std::size_t scalars = 0;
  for (const auto& p : model.at("params").as_record().values)
    scalars += p.as_float_array().data.size();
  CHECK(static_cast<std::int64_t>(scalars) == out.at("model_parameters").as_int());
  const auto& history = out.at("pretrain_history").as_table();
  REQUIRE(history.rows() > 0);
  CHECK(std::isfinite(out.at("final_train_loss").as_real()));
}

TEST_CASE("count_probes probes every site and position of the pretrained model",
          "[counting_bottleneck]") {
  const auto out = at::run_method(
      "count_probes", {{"train_per_count", 6}, {"test_per_count", 3}, {"null_samples", 20}},
      tiny_model());
  CHECK(out.at("probes").as_table().rows() == 3 * 4);     // embed, block0.out, final x 4
  CHECK(out.at("alignment").as_table().rows() == 3 * 4);  // x (digits, words) x 2 nulls
  const double p = out.at("final_digit_p_closer").as_real();
  CHECK(p > 0);
  CHECK(p <= 1);
  CHECK(std::isfinite(out.at("best_arrow_probe_accuracy").as_real()));
}

TEST_CASE("probe_informed_lora runs every arm on one checkpoint and counts what it trains",
          "[counting_bottleneck]") {
  const auto model = tiny_model();
  for (const char* arm : {"probe", "random", "digit_rows", "qv"}) {
    INFO(arm);
    const auto out = at::run_method("probe_informed_lora",
                                    {{"arm", arm},
                                     {"steps", 3},
                                     {"train_per_count", 3},
                                     {"test_per_count", 2},
                                     {"other_sequences", 8}},
                                    model);
    const auto trainable = out.at("trainable").as_int();
    const std::map<std::string, std::int64_t> expected{
        {"probe", 2 * (16 + 36)}, {"random", 2 * (16 + 36)}, {"digit_rows", 160}, {"qv", 128}};
    CHECK(trainable == expected.at(arm));
    CHECK(out.at("fraction").as_real() ==
          Approx(static_cast<double>(trainable) / out.at("model_parameters").as_int()));
    CHECK(std::isfinite(out.at("other_loss_change").as_real()));
  }
}

TEST_CASE("counting_pretrain names a token array that is not whole sequences",
          "[counting_bottleneck]") {
  REQUIRE_THROWS_WITH(at::run_method("counting_pretrain", {{"pretrain_steps", 1}},
                                     {{"tokens", assay::Value(assay::IntArray{{3}, {1, 2, 3}})}}),
                      Catch::Contains("tokens: 3 tokens"));
}

TEST_CASE("the analyses refuse a checkpoint that is not a counting model",
          "[counting_bottleneck]") {
  // stdlib's lm_train decoder: another vocabulary and context, with biases.
  const auto lm = at::run_method(
      "lm_train",
      {{"vocab", 12}, {"context", 8}, {"dim", 8}, {"heads", 2}, {"layers", 1}, {"steps", 1}},
      {{"tokens", assay::Value(assay::IntArray{{40}, std::vector<std::int64_t>(40, 3)})}});
  for (const char* method : {"count_probes", "probe_informed_lora"}) {
    INFO(method);
    REQUIRE_THROWS_WITH(at::run_method(method, {}, {{"model", lm.at("model")}}),
                        Catch::Contains("model: not a counting model (vocab 12, context 8") &&
                            Catch::Contains("connect counting_pretrain.model"));
  }
}
