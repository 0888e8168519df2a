// lm_train, lm_eval and lm_generate through the registry: the checkpoint one produces is the
// model the others load, continuation through the `init` port, and the errors users see.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/nn/generation.hpp>
#include <assay/seed.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "support/plugin_fixture.hpp"

namespace at = assay::testing;
using assay::IntArray;
using assay::Value;

namespace {

Value pattern_tokens(int n) {
  IntArray a{{static_cast<std::size_t>(n)}, {}};
  for (int i = 0; i < n; ++i) a.data.push_back((i * 3 + i / 7) % 9);
  return a;
}

const at::ValueMap tiny = {{"context", 8}, {"dim", 16},       {"heads", 2},
                           {"layers", 1},  {"batch", 4},      {"steps", 6},
                           {"warmup", 2},  {"eval_every", 3}, {"eval_batches", 2}};

const at::ValueMap& trained() {
  static const auto out = at::run_method(
      "lm_train", tiny, {{"tokens", pattern_tokens(300)}, {"validation", pattern_tokens(100)}});
  return out;
}

}  // namespace

TEST_CASE("lm_train outputs a checkpoint, its loss table and the final losses", "[stdlib][lm]") {
  const auto& out = trained();
  const auto model = assay::ValueCodec<assay::nn::Checkpoint<float>>::decode(out.at("model"));
  CHECK(assay::nn::gpt_config(model.config).dim == 16);
  CHECK(model.optimizer->steps == 6);
  const auto& losses = out.at("losses").as_table();
  CHECK(losses.names == std::vector<std::string>{"step", "train_loss", "eval_loss"});
  CHECK(losses.rows() == 2);
  const auto& eval = std::get<std::vector<double>>(losses.columns[2]);
  CHECK(out.at("final_eval_loss").as_real() == eval.back());
  CHECK(out.at("tokens_seen").as_int() == 6 * 4 * 8);
  // No validation: no eval loss, and no final_eval_loss output.
  auto params = tiny;
  params["steps"] = 1;
  const auto bare = at::run_method("lm_train", params, {{"tokens", pattern_tokens(300)}});
  CHECK(bare.count("final_eval_loss") == 0);
  CHECK(std::isfinite(bare.at("final_train_loss").as_real()));
}

TEST_CASE("lm_train continues from a linked checkpoint", "[stdlib][lm]") {
  auto params = tiny;
  params["steps"] = 2;
  const auto more = at::run_method(
      "lm_train", params, {{"tokens", pattern_tokens(300)}, {"init", trained().at("model")}});
  CHECK(more.at("tokens_seen").as_int() == 8 * 4 * 8);
  const auto& steps = std::get<std::vector<std::int64_t>>(more.at("losses").as_table().columns[0]);
  CHECK(steps.back() == 8);
}

TEST_CASE("lm_eval scores every window; its loss is the mean negative log-prob", "[stdlib][lm]") {
  const auto out =
      at::run_method("lm_eval", {{"batch", 3}, {"max_windows", 5}},
                     {{"model", trained().at("model")}, {"tokens", pattern_tokens(100)}});
  const auto& logprobs = out.at("token_logprobs").as_real_array();
  REQUIRE(logprobs.shape == std::vector<std::size_t>{5, 8});
  double sum = 0;
  for (double l : logprobs.data) sum -= l;
  CHECK(out.at("loss").as_real() == Approx(sum / 40));
  CHECK(out.at("bits_per_token").as_real() == Approx(out.at("loss").as_real() / std::log(2.0)));
  CHECK_THROWS_WITH(at::run_method("lm_eval", {},
                                   {{"model", trained().at("model")},
                                    {"tokens", IntArray{{10}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 12}}}}),
                    Catch::Contains("tokens: token 9 is 12"));
}

TEST_CASE("lm_generate extends the prompt; greedy decoding is deterministic", "[stdlib][lm]") {
  const IntArray prompt{{3}, {0, 3, 6}};
  const at::ValueMap inputs = {{"model", trained().at("model")}, {"prompt", prompt}};
  const auto out = at::run_method("lm_generate", {{"new_tokens", 5}, {"samples", 3}}, inputs);
  const auto& tokens = out.at("tokens").as_int_array();
  REQUIRE(tokens.shape == std::vector<std::size_t>{3, 8});
  for (std::size_t s = 0; s < 3; ++s)
    CHECK(std::equal(prompt.data.begin(), prompt.data.end(), tokens.data.begin() + 8 * s));
  CHECK(out.at("model_logprobs").as_real_array().shape == std::vector<std::size_t>{3, 5});
  const auto greedy = at::run_method("lm_generate", {{"new_tokens", 5}, {"greedy", true}}, inputs);
  const auto& g = greedy.at("tokens").as_int_array().data;
  CHECK(std::equal(g.begin(), g.begin() + 8, g.begin() + 8));  // every sample the same
  for (double l : greedy.at("sample_logprobs").as_real_array().data) CHECK(l == 0);
  CHECK_THROWS_WITH(
      at::run_method("lm_generate", {},
                     {{"model", trained().at("model")}, {"prompt", IntArray{{0}, {}}}}),
      Catch::Contains("prompt: empty"));
}

TEST_CASE("lm_generate, decoding over a key/value cache, samples what the uncached decoder does",
          "[stdlib][lm]") {
  namespace nn = assay::nn;
  const IntArray prompt{{3}, {0, 3, 6}};
  // 3 + 12 tokens outgrow the context of 8: the cache's sliding-window fallback is used too.
  const at::ValueMap params = {{"new_tokens", 12}, {"samples", 3}, {"temperature", 0.9}};
  const std::uint64_t seed = 5;
  const auto out = at::run_method("lm_generate", params,
                                  {{"model", trained().at("model")}, {"prompt", prompt}}, seed);
  // The reference: the same checkpoint decoded without a cache from the node's stream 0.
  const auto checkpoint = assay::ValueCodec<nn::Checkpoint<float>>::decode(trained().at("model"));
  nn::Rng init(0);
  nn::ParameterSet<float> weights;
  const nn::Gpt<float> gpt(weights, nn::gpt_config(checkpoint.config), init);
  nn::load_checkpoint(checkpoint, weights);
  nn::Rng rng(assay::mix_seed(seed, 0));
  const std::vector<int> p = {0, 3, 6};
  const nn::Decoded reference =
      nn::decode_uncached(gpt, {p, p, p}, {.new_tokens = 12, .temperature = 0.9}, rng);
  const auto& tokens = out.at("tokens").as_int_array();
  const auto& model_logprobs = out.at("model_logprobs").as_real_array().data;
  const auto& sample_logprobs = out.at("sample_logprobs").as_real_array().data;
  // The two paths round differently: this one-block d16 model's longest float sums have 64
  // terms, so each logit is off by at most 64 u |logit| (u = 6e-8) in either path; for logits up
  // to 10, and the log-softmax doubling the max-norm error, 1e-4 bounds the difference. A wrong
  // cached key or position moves log-probs by O(0.1).
  const double tolerance = 1e-4;
  for (std::size_t s = 0; s < 3; ++s) {
    for (std::size_t j = 0; j < 12; ++j) {
      CHECK(tokens.data[s * 15 + 3 + j] == reference.tokens[s][j]);
      CHECK(std::abs(model_logprobs[s * 12 + j] - reference.model_logprobs[s][j]) <= tolerance);
      CHECK(std::abs(sample_logprobs[s * 12 + j] - reference.sample_logprobs[s][j]) <= tolerance);
    }
  }
  CHECK(reference.tokens[0] != reference.tokens[1]);  // samples, not one repeated sequence
}
