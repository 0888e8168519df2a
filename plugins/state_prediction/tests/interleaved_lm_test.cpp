#include "interleaved_lm.hpp"

#include <assay/nn/ops.hpp>
#include <catch2/catch.hpp>

#include "model_checkpoint.hpp"
#include "step_flops.hpp"

namespace sp = assay::state_prediction;
namespace nn = assay::nn;

namespace {

constexpr nn::Index kVocab = 11, kWindow = 6, kBatch = 2;
const sp::ModelSize kSize{2, 16, 2, kWindow};

std::vector<int> tokens(int shift) {
  std::vector<int> t(kBatch * kWindow);
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<int>((3 * i + shift) % kVocab);
  return t;
}

nn::Mat<float> logits(const sp::InterleavedLm& model, const std::vector<int>& inputs) {
  nn::Tape<float> tape;
  return model.prediction_logits(model.input_stream(tape, inputs, kBatch), kBatch).value();
}

// The hidden stream (after the final norm) at every row.
nn::Mat<float> hidden(const sp::InterleavedLm& model, const std::vector<int>& inputs) {
  nn::Tape<float> tape;
  return model.gpt()
      .transform(model.input_stream(tape, inputs, kBatch), kBatch, model.mask())
      .value();
}

}  // namespace

TEST_CASE("every arm predicts each character from the characters before it only",
          "[state_prediction]") {
  for (sp::Arm arm : {sp::Arm::standard, sp::Arm::separated, sp::Arm::pause}) {
    nn::Rng rng(3);
    const sp::InterleavedLm model(arm, kSize, kVocab, rng);
    auto changed = tokens(0);
    changed[4] = (changed[4] + 1) % kVocab;  // window 0, character 4
    const nn::Mat<float> a = logits(model, tokens(0)), b = logits(model, changed);
    REQUIRE(a.rows() == kBatch * kWindow);
    INFO(sp::arm_name(arm));
    REQUIRE((a.topRows(4) - b.topRows(4)).cwiseAbs().maxCoeff() == 0);  // predictions of x1..x4
    REQUIRE((a.row(4) - b.row(4)).cwiseAbs().maxCoeff() > 0);           // the one reading x4
    REQUIRE((a.bottomRows(kWindow) - b.bottomRows(kWindow)).cwiseAbs().maxCoeff() == 0);
  }
}

TEST_CASE("the separated state never sees the prediction embedding; the pause state does",
          "[state_prediction]") {
  for (sp::Arm arm : {sp::Arm::separated, sp::Arm::pause}) {
    nn::Rng rng(5);
    sp::InterleavedLm model(arm, kSize, kVocab, rng);
    const nn::Mat<float> before = hidden(model, tokens(1));
    model.params()["rho.weight"].value.array() += 0.5f;
    const nn::Mat<float> after = hidden(model, tokens(1));
    const auto& layout = model.layout();
    double state_change = 0, first_state_change = 0;
    for (nn::Index b = 0; b < kBatch; ++b)
      for (nn::Index j = 0; j < kWindow; ++j) {
        const nn::Index row = b * layout.length() + layout.state_row(j);
        const double d = (before.row(row) - after.row(row)).cwiseAbs().maxCoeff();
        state_change = std::max(state_change, d);
        if (j == 0) first_state_change = std::max(first_state_change, d);
      }
    INFO(sp::arm_name(arm));
    REQUIRE(first_state_change == 0);  // x0 has no earlier prediction in either arm
    if (arm == sp::Arm::separated)
      REQUIRE(state_change == 0);
    else
      REQUIRE(state_change > 0);
  }
}

TEST_CASE("the arms have the same parameters but for the prediction embedding",
          "[state_prediction]") {
  nn::Rng rng(7);
  sp::InterleavedLm standard(sp::Arm::standard, kSize, kVocab, rng);
  sp::InterleavedLm separated(sp::Arm::separated, kSize, kVocab, rng);
  REQUIRE(standard.params().count() + kSize.dim == separated.params().count());
}

TEST_CASE("measured FLOPs match the products of the layout's shapes", "[state_prediction]") {
  const double d = kSize.dim, hidden4 = 4 * d, t = kWindow, layers = kSize.layers;
  const double per_row_block = 2 * (4 * d * d + 2 * d * hidden4);  // q, k, v, o; MLP up, down
  for (sp::Arm arm : {sp::Arm::standard, sp::Arm::separated, sp::Arm::pause}) {
    nn::Rng rng(9);
    sp::InterleavedLm model(arm, kSize, kVocab, rng);
    const nn::Mat<float> before = logits(model, tokens(2));
    const sp::StepFlops f = sp::measure_step_flops(model, kBatch);
    const double rows = kBatch * model.layout().length(), predictions = kBatch * t;
    INFO(sp::arm_name(arm));
    REQUIRE(f.projections == rows * layers * per_row_block + predictions * 2 * d * kVocab);
    // Allowed pairs per window: causal t(t+1)/2; separated adds t(t+1)/2 + t for the r rows;
    // pause adds t(t-1)/2 more for the states reading earlier predictions.
    const double causal = t * (t + 1) / 2;
    const double pairs = arm == sp::Arm::standard    ? causal
                         : arm == sp::Arm::separated ? 2 * causal + t
                                                     : 2 * causal + t + t * (t - 1) / 2;
    REQUIRE(f.attention == 4 * kBatch * layers * d * pairs);
    REQUIRE(f.step() == 3 * (f.projections + f.attention));
    // The projections are plain again: the logits are unchanged by the measurement.
    REQUIRE((logits(model, tokens(2)) - before).cwiseAbs().maxCoeff() == 0);
  }
}

TEST_CASE("a checkpoint rebuilds the same model in every arm", "[state_prediction]") {
  for (sp::Arm arm : {sp::Arm::standard, sp::Arm::separated, sp::Arm::pause}) {
    nn::Rng rng(29);
    sp::InterleavedLm model(arm, kSize, kVocab, rng);
    const auto loaded = sp::load_model_checkpoint(sp::make_model_checkpoint(model));
    INFO(sp::arm_name(arm));
    REQUIRE(loaded->layout().arm() == arm);
    REQUIRE(loaded->layout().window() == kWindow);
    REQUIRE(loaded->params().count() == model.params().count());
    REQUIRE((logits(*loaded, tokens(3)) - logits(model, tokens(3))).cwiseAbs().maxCoeff() == 0);
  }
}
