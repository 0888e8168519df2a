// The language-model science: training lowers the loss, a run split in two equals one run, and
// window scoring agrees with the model's own loss.
#include "lm_training.hpp"

#include <assay/nn/tape.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "lm_model.hpp"
#include "lm_scoring.hpp"

namespace sl = assay::stdlib;
namespace nn = assay::nn;

namespace {

// A periodic sequence with a little irregularity: learnable, so training must lower the loss.
std::vector<std::int64_t> pattern_tokens(int n) {
  std::vector<std::int64_t> t;
  for (int i = 0; i < n; ++i) t.push_back((i * 3 + i / 7) % 9);
  return t;
}

sl::LmTrainOptions tiny_options(long steps) {
  sl::LmTrainOptions o;
  o.model = {.vocab = 0, .context = 8, .dim = 16, .heads = 2, .layers = 1};
  o.steps = steps;
  o.batch = 4;
  o.warmup = 2;
  o.eval_every = 3;
  o.eval_batches = 2;
  return o;
}

}  // namespace

TEST_CASE("lm_train lowers the held-out loss of a learnable sequence", "[stdlib][lm]") {
  const auto tokens = pattern_tokens(400), validation = pattern_tokens(120);
  const auto r = sl::train_lm(tiny_options(40), tokens, validation, std::nullopt, 3);
  REQUIRE(r.losses.step == std::vector<long>{3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 40});
  // The best context-free predictor scores the validation's own unigram entropy; a model that
  // learned anything from the context goes below it (and starts above: untrained).
  std::vector<double> counts(9, 0.0);
  for (auto t : validation) counts[static_cast<std::size_t>(t)] += 1;
  double unigram = 0;
  for (double c : counts)
    if (c > 0) unigram -= c / 120 * std::log(c / 120);
  CHECK(r.losses.eval_loss.front() > unigram);
  CHECK(r.losses.eval_loss.back() < unigram);
  CHECK(nn::gpt_config(r.model.config).vocab == 9);
  CHECK(r.tokens_seen == 40 * 4 * 8);
  CHECK(r.model.optimizer->steps == 40);
}

TEST_CASE("training 2N steps equals N steps continued from the checkpoint for N more",
          "[stdlib][lm]") {
  const auto tokens = pattern_tokens(300), validation = pattern_tokens(100);
  // A row per step, so that every step's losses are compared.
  auto whole_options = tiny_options(8);
  whole_options.schedule_steps = 8;
  whole_options.eval_every = 1;
  auto half_options = whole_options;
  half_options.steps = 4;
  const auto whole = sl::train_lm(whole_options, tokens, validation, std::nullopt, 11);
  const auto first = sl::train_lm(half_options, tokens, validation, std::nullopt, 11);
  // The continuation's own seed must not matter: everything it needs is in the checkpoint.
  const auto second = sl::train_lm(half_options, tokens, validation, first.model, 12);
  CHECK(second.model.params == whole.model.params);
  CHECK(second.model.optimizer == whole.model.optimizer);
  CHECK(second.model == whole.model);
  CHECK(second.tokens_seen == whole.tokens_seen);
  nn::LossTable joined = first.losses;
  for (auto column : {&nn::LossTable::train_loss, &nn::LossTable::eval_loss})
    (joined.*column)
        .insert((joined.*column).end(), (second.losses.*column).begin(),
                (second.losses.*column).end());
  joined.step.insert(joined.step.end(), second.losses.step.begin(), second.losses.step.end());
  CHECK(joined.step == whole.losses.step);
  CHECK(joined.train_loss == whole.losses.train_loss);
  CHECK(joined.eval_loss == whole.losses.eval_loss);
  // A different seed gives a different model, so the equality above is not vacuous.
  CHECK(sl::train_lm(whole_options, tokens, validation, std::nullopt, 12).model.params !=
        whole.model.params);
}

TEST_CASE("a checkpoint without optimiser state still continues, from fresh moments",
          "[stdlib][lm]") {
  const auto tokens = pattern_tokens(200);
  auto first = sl::train_lm(tiny_options(3), tokens, std::nullopt, std::nullopt, 5);
  first.model.optimizer.reset();
  const auto second = sl::train_lm(tiny_options(2), tokens, std::nullopt, first.model, 5);
  CHECK(second.model.optimizer->steps == 2);
  CHECK(second.losses.step.back() == 5);  // the step count comes from the training record
  CHECK(std::isnan(second.losses.eval_loss.back()));
}

TEST_CASE("lm_train names the token and the vocabulary it falls outside", "[stdlib][lm]") {
  const auto tokens = pattern_tokens(200);
  const auto r = sl::train_lm(tiny_options(1), tokens, std::nullopt, std::nullopt, 1);
  auto bad = tokens;
  bad[17] = 9;
  CHECK_THROWS_WITH(sl::train_lm(tiny_options(1), bad, std::nullopt, r.model, 1),
                    Catch::Contains("tokens: token 17 is 9") && Catch::Contains("[0, 9)"));
  auto options = tiny_options(1);
  options.model.heads = 3;
  CHECK_THROWS_WITH(sl::train_lm(options, tokens, std::nullopt, std::nullopt, 1),
                    Catch::Contains("heads: 3 does not divide dim 16"));
}

TEST_CASE("window scores are the model's per-token log-probabilities", "[stdlib][lm]") {
  const auto r = sl::train_lm(tiny_options(5), pattern_tokens(200), std::nullopt, std::nullopt, 2);
  const sl::LanguageModel model(r.model, "model");
  const auto tokens = sl::checked_tokens(pattern_tokens(50), 9, "tokens");
  const auto scores = sl::score_windows(model.gpt(), tokens, 4, 100);
  REQUIRE(scores.logprobs.rows() == 6);  // (50 - 1) / 8
  REQUIRE(scores.logprobs.cols() == 8);
  CHECK((scores.logprobs.array() < 0).all());
  // The same six windows through the model's cross-entropy, in one batch.
  std::vector<int> inputs(tokens.begin(), tokens.begin() + 48),
      targets(tokens.begin() + 1, tokens.begin() + 49);
  nn::Tape<float> tape;
  const double loss = model.gpt().loss(tape, inputs, targets, 6).item();
  CHECK(scores.loss == Approx(loss).epsilon(1e-5));
  // Batching does not change the scores, and max_windows keeps the first windows.
  const auto two = sl::score_windows(model.gpt(), tokens, 5, 2);
  CHECK(two.logprobs.rows() == 2);
  CHECK((two.logprobs - scores.logprobs.topRows(2)).cwiseAbs().maxCoeff() < 1e-5);
  CHECK_THROWS_WITH(sl::score_windows(model.gpt(), std::vector<int>(8, 1), 4, 10),
                    Catch::Contains("8 tokens do not fill one window"));
}
