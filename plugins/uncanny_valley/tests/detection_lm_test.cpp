#include <catch2/catch.hpp>

#include "bpe_material.hpp"
#include "corpus_fixture.hpp"
#include "detection_run.hpp"

namespace uv = assay::uncanny_valley;

TEST_CASE("the detection run pretrains, learns the task and predicts at every rate",
          "[uncanny_valley]") {
  const auto& c = uv::testing::corpora();
  const auto data = uv::detection_data(c.tokenizer, c.train, c.test, c.train_words, c.test_words);
  uv::DetectionOptions o;
  o.f = 0.5;
  o.shape = {.context = 48, .dim = 16, .heads = 2, .layers = 1};
  o.pretraining = {.steps = 30, .batch = 8, .lr = 3e-3};
  o.needles = {.steps = 10, .batch = 8, .lr = 1e-3};
  o.rates = {0, 0.5, 1};
  o.examples = 16;
  std::mt19937_64 rng(1);
  const auto run = uv::run_detection(data, o, rng);
  // Pretraining starts near log(512) and learns the unigram distribution quickly.
  CHECK(run.pretraining.train_loss.front() > run.pretraining.train_loss.back() + 0.5);
  REQUIRE(run.needles.step.back() == 10);
  REQUIRE(run.rates.size() == 6);
  for (const auto& r : run.rates) {
    REQUIRE(r.predicted.size() == 16);
    CHECK(std::count(r.truth.begin(), r.truth.end(), 1) == 8);
  }
  std::mt19937_64 again(1);
  CHECK(uv::run_detection(data, o, again).rates[4].predicted == run.rates[4].predicted);
}

TEST_CASE("a detection model survives its checkpoint bit for bit", "[uncanny_valley]") {
  std::mt19937_64 rng(3);
  const uv::DetectionLm lm(64, {.context = 48, .dim = 16, .heads = 2, .layers = 1}, rng);
  const uv::DetectionLm back(lm.checkpoint());
  std::vector<int> tokens(48);
  for (std::size_t i = 0; i < tokens.size(); ++i) tokens[i] = static_cast<int>(i % 64);
  assay::nn::Tape<float> a, b;
  const auto x = lm.gpt().logits(a, tokens, 1).value();
  const auto y = back.gpt().logits(b, tokens, 1).value();
  CHECK(x == y);
}
