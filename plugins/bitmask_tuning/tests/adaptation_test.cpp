#include "adaptation.hpp"

#include <Eigen/SVD>
#include <catch2/catch.hpp>

#include "bit_mask.hpp"
#include "char_codec.hpp"
#include "pretraining.hpp"
#include "scoring.hpp"

namespace bt = assay::bitmask_tuning;
namespace nn = assay::nn;

namespace {

struct Setup {
  bt::Pretrained model;
  std::vector<bt::Problem> b_train;
  bt::Evaluation evaluation;
};

// A briefly pretrained d16 model and small problem sets (the mechanics, not the science).
Setup setup() {
  nn::Rng rng(17);
  Setup s;
  s.evaluation.a_problems = bt::draw_problems(bt::AdditionFormat::two_digit, 20, rng);
  s.evaluation.b_problems = bt::draw_problems(bt::AdditionFormat::three_digit, 20, rng);
  s.b_train = bt::draw_problems(bt::AdditionFormat::three_digit, 300, rng, s.evaluation.b_problems);
  const auto stream =
      bt::encode(bt::task_a_stream({"A short text line.", "Another one here."},
                                   {.characters = 20000}, rng, s.evaluation.a_problems));
  s.evaluation.a_text = std::vector<int>(stream.begin(), stream.begin() + 2000);
  s.evaluation.text_windows = 8;
  bt::PretrainOptions o{.model = {.dim = 16, .layers = 2, .heads = 2, .context = 16},
                        .steps = 40,
                        .batch = 8,
                        .warmup = 5,
                        .eval_every = 20};
  s.model = bt::pretrain(stream, s.evaluation.a_text, o, rng).model;
  return s;
}

const Setup& shared_setup() {
  static const Setup s = setup();
  return s;
}

bt::AdaptResult run(bt::Arm arm, int steps = 20, double lr = 1e-3) {
  const auto& s = shared_setup();
  nn::Rng rng(29);
  return bt::adapt(s.model, s.b_train, s.evaluation,
                   {.arm = arm,
                    .rho = 0.01,
                    .lora_rank = 1,
                    .steps = steps,
                    .batch = 16,
                    .lr = lr,
                    .score_lr = 0.05,
                    .eval_every = 10},
                   rng);
}

}  // namespace

TEST_CASE("exact match needs the whole answer and its newline", "[bitmask_tuning]") {
  // A bigram-only model (every other weight zero) that follows '=' with "46\n".
  auto config = bt::gpt_config_of({.dim = 8, .layers = 1, .heads = 2, .context = 16});
  config.bigram = true;
  nn::ParameterSet<float> params;
  nn::Rng rng(1);
  nn::Gpt<float> gpt(params, config, rng);
  for (std::size_t i = 0; i < params.size(); ++i) params.at(i).value.setZero();
  auto& bigram = params["bigram.weight"].value;
  const auto t = bt::encode("=46\n");
  for (int i = 0; i < 3; ++i) bigram(t[i], t[i + 1]) = 10;
  const auto two = bt::AdditionFormat::two_digit;
  REQUIRE(bt::exact_match(gpt, {bt::make_problem(12, 34, two)}) == 1);
  REQUIRE(bt::exact_match(gpt, {bt::make_problem(12, 34, two), bt::make_problem(12, 35, two),
                                bt::make_problem(40, 7, two)}) == Approx(1.0 / 3));
  // "46" then a newline only counts when the answer stops there too.
  REQUIRE(bt::exact_match(gpt, {{"1+2=", "460"}}) == 0);
}

TEST_CASE("Bit-Mask Tuning only deletes gate weights, within its budget", "[bitmask_tuning]") {
  const auto r = run(bt::Arm::bit_mask);
  const nn::Index k = bt::deletion_budget(0.01, r.gate_weights);
  REQUIRE(r.gate_weights == 2 * 64 * 16);
  REQUIRE(r.adapter_bits == r.gate_weights);
  REQUIRE(r.history.size() == 3);
  for (const auto& row : r.history) REQUIRE(row.zeroed <= k);
  REQUIRE(r.history.back().zeroed > 0);
  // The delta is -W exactly where a weight was deleted, zero elsewhere.
  const auto deleted = (r.gate_delta.array() != 0);
  REQUIRE(deleted.count() == r.history.back().zeroed);
  REQUIRE((deleted.cast<float>() * (r.gate_delta + r.gate_base).array()).abs().maxCoeff() == 0);
}

TEST_CASE("the deletion controls delete exactly the budget and do not train", "[bitmask_tuning]") {
  for (auto arm : {bt::Arm::random_deletion, bt::Arm::magnitude_deletion}) {
    const auto r = run(arm);
    REQUIRE(r.history.size() == 2);
    REQUIRE(r.history.back().zeroed == bt::deletion_budget(0.01, r.gate_weights));
    REQUIRE(r.history.front().zeroed == 0);
  }
}

TEST_CASE("full fine-tuning lowers the B loss and LoRA's gate delta has the adapter's rank",
          "[bitmask_tuning]") {
  const auto full = run(bt::Arm::full, 60, 1e-2);
  REQUIRE(full.history.size() == 7);
  REQUIRE(full.history.back().train_loss < full.history[1].train_loss);
  REQUIRE(full.adapter_bits == 32 * full.model_weights);
  const auto lora = run(bt::Arm::lora, 20, 1e-2);
  REQUIRE(lora.adapter_bits == 32 * 2 * (16 + 64));
  for (int layer = 0; layer < 2; ++layer) {
    const Eigen::MatrixXf d = lora.gate_delta.middleRows(layer * 64, 64);
    Eigen::JacobiSVD<Eigen::MatrixXf> svd(d);
    const auto& sv = svd.singularValues();
    REQUIRE(sv(0) > 0);
    REQUIRE(sv(1) <= 1e-4f * sv(0));
  }
}
