#include <catch2/catch.hpp>

#include "answer_accuracy.hpp"
#include "residuals.hpp"

namespace cb = assay::counting_bottleneck;

namespace {

cb::ModelOptions tiny() { return {.dim = 16, .heads = 2, .layers = 1}; }

}  // namespace

TEST_CASE("sequence batches predict the next token and ignore padding", "[counting_bottleneck]") {
  cb::Rng rng(1);
  const auto s = cb::digit_sequence(rng);
  const auto b = cb::sequence_batch({s.tokens});
  REQUIRE(b.inputs.size() == cb::kSequenceLength - 1);
  for (std::size_t t = 0; t + 1 < s.tokens.size(); ++t) {
    CHECK(b.inputs[t] == s.tokens[t]);
    CHECK(b.targets[t] == (s.tokens[t + 1] == cb::token::kPad ? -1 : s.tokens[t + 1]));
  }
  REQUIRE_THROWS_WITH(cb::sequence_batch({{1, 2, 3}}), Catch::Contains("sequence: 3 tokens"));
}

TEST_CASE("pretraining lowers the loss on held-out sequences", "[counting_bottleneck]") {
  cb::Rng rng(2);
  const auto corpus = cb::make_corpus({.sequences = 512, .explicit_frequency = 0.2}, rng);
  cb::CountingModel model(cb::gpt_config(tiny()), rng);
  std::vector<std::vector<int>> held_out;
  for (int i = 0; i < 64; ++i) held_out.push_back(cb::draw_sequence({}, rng).tokens);
  const double before = cb::mean_loss(model, held_out);
  const auto result = cb::pretrain(model, corpus, {.steps = 150, .batch = 16}, 3);
  CHECK(result.history.step.back() == 150);
  const double after = cb::mean_loss(model, held_out);
  INFO("before " << before << ", after " << after);
  CHECK(after < 0.7 * before);
}

TEST_CASE("the final residual at the ARROW times W_U is the answer's logits",
          "[counting_bottleneck]") {
  cb::Rng rng(4);
  cb::CountingModel model(cb::gpt_config({.dim = 16, .heads = 2, .layers = 2}), rng);
  const auto items = cb::explicit_items(2, rng);
  const auto r = cb::record_residuals(model, items);
  REQUIRE(r.sites == std::vector<std::string>{"embed", "block0.out", "block1.out", "final"});
  REQUIRE(r.at.back().back().rows() == static_cast<Eigen::Index>(items.size()));
  // Without biases the unembedding is exactly head.weight: logits = final residual * W_U^T.
  const Eigen::MatrixXd logits = cb::answer_logits(model, items);
  CHECK((r.at.back().back() * model.unembedding().transpose() - logits).cwiseAbs().maxCoeff() <
        1e-4);
  // The embedding of the ARROW position is the same for every item (same token, same place).
  const auto& embed_arrow = r.at.front().back();
  CHECK((embed_arrow.rowwise() - embed_arrow.row(0)).cwiseAbs().maxCoeff() < 1e-6);
  const auto a = cb::answer_accuracy(model, items);
  CHECK(a.constrained >= 0);
  CHECK(a.free <= a.digit_share);
}

TEST_CASE("a model rebuilt from its checkpoint answers exactly as the original",
          "[counting_bottleneck]") {
  cb::Rng rng(5);
  const auto corpus = cb::make_corpus({.sequences = 128}, rng);
  cb::CountingModel model(cb::gpt_config(tiny()), rng);
  cb::pretrain(model, corpus, {.steps = 5, .batch = 8}, 6);
  const auto items = cb::explicit_items(2, rng);
  const cb::CountingModel rebuilt = cb::model_of(cb::checkpoint_of(model), "model");
  CHECK(rebuilt.gpt->config() == model.gpt->config());
  CHECK(
      (cb::answer_logits(rebuilt, items) - cb::answer_logits(model, items)).cwiseAbs().maxCoeff() ==
      0);
}

TEST_CASE("a checkpoint of another decoder is refused, naming the port", "[counting_bottleneck]") {
  cb::Rng rng(7);
  cb::CountingModel model(cb::gpt_config(tiny()), rng);
  auto with_biases = cb::gpt_config(tiny());
  with_biases.bias = true;
  assay::nn::ParameterSet<float> params;
  assay::nn::Gpt<float> other(params, with_biases, rng);
  REQUIRE_THROWS_WITH(
      cb::model_of(assay::nn::make_checkpoint(params, assay::nn::to_config(with_biases)), "init"),
      Catch::StartsWith("init: not a counting model"));
  auto truncated = cb::checkpoint_of(model);
  truncated.params.pop_back();
  REQUIRE_THROWS_WITH(cb::model_of(truncated, "init"),
                      Catch::Contains("parameters for a model of"));
}
