#include "lm_training.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sp = assay::state_prediction;
namespace nn = assay::nn;

namespace {

constexpr nn::Index kVocab = 7;
const sp::ModelSize kSize{1, 16, 2, 8};

// A periodic text a model learns quickly: "0123456 0123456 ...".
std::vector<int> periodic(int n) {
  std::vector<int> t(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) t[static_cast<std::size_t>(i)] = i % kVocab;
  return t;
}

}  // namespace

TEST_CASE("one training step lowers the loss of its batch in every arm", "[state_prediction]") {
  for (sp::Arm arm : {sp::Arm::standard, sp::Arm::separated, sp::Arm::pause}) {
    nn::Rng rng(19);
    sp::InterleavedLm model(arm, kSize, kVocab, rng);
    const nn::TokenBatches batches(periodic(200), kSize.window, 4, 3);
    const nn::TokenBatch b = batches.random(1);  // the batch train_lm's step 1 draws
    nn::Tape<float> tape;
    const double loss_before = model.loss(tape, b.inputs, b.targets, 4).item();
    sp::train_lm(model, periodic(200), periodic(100),
                 {.steps = 1, .batch = 4, .lr = 1e-2, .warmup = 0, .eval_every = 0}, 3);
    tape.clear();
    const double loss_after = model.loss(tape, b.inputs, b.targets, 4).item();
    INFO(sp::arm_name(arm) << ": " << loss_before << " -> " << loss_after);
    REQUIRE(loss_after < loss_before);
  }
}

TEST_CASE("the curve counts characters and measured FLOPs, and repeats for a seed",
          "[state_prediction]") {
  auto run = [] {
    nn::Rng rng(23);
    sp::InterleavedLm model(sp::Arm::separated, kSize, kVocab, rng);
    return sp::train_lm(model, periodic(300), periodic(120),
                        {.steps = 40, .batch = 4, .lr = 1e-2, .warmup = 4, .eval_every = 20}, 5);
  };
  const sp::TrainResult a = run(), b = run();
  REQUIRE(a.curve.size() == 3);  // steps 0, 20, 40
  REQUIRE(a.curve[2].step == 40);
  REQUIRE(a.curve[2].characters == 40 * 4 * kSize.window);
  REQUIRE(a.curve[2].flops == 40 * a.step_flops.step());
  REQUIRE(std::isnan(a.curve[0].train_bits));
  REQUIRE(std::isfinite(a.curve[1].train_bits));
  // A periodic text is learned: well below the uniform log2(7) = 2.81 bits.
  REQUIRE(a.curve[2].validation_bits < 1.5);
  REQUIRE(a.curve[0].validation_bits > 2);
  for (std::size_t i = 0; i < a.curve.size(); ++i)
    REQUIRE(a.curve[i].validation_bits == b.curve[i].validation_bits);
}
