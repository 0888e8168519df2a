#include "gradient_paths.hpp"

#include <assay/nn/ops.hpp>
#include <catch2/catch.hpp>
#include <cmath>

namespace sp = assay::state_prediction;
namespace nn = assay::nn;

namespace {

constexpr nn::Index kVocab = 9, kWindow = 5, kBatch = 3;
const sp::ModelSize kSize{2, 16, 2, kWindow};

std::vector<int> tokens(int shift) {
  std::vector<int> t(kBatch * kWindow);
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = static_cast<int>((5 * i + shift) % kVocab);
  return t;
}

const sp::GradientPaths& site(const std::vector<sp::GradientPaths>& paths,
                              const std::string& name) {
  for (const auto& p : paths)
    if (p.site == name) return p;
  FAIL("no site " << name);
  return paths.front();
}

}  // namespace

TEST_CASE("gradient paths report the input and every block's attention input",
          "[state_prediction]") {
  nn::Rng rng(11);
  sp::InterleavedLm model(sp::Arm::standard, kSize, kVocab, rng);
  const auto paths = sp::gradient_paths(model, tokens(0), tokens(1), kBatch);
  REQUIRE(paths.size() == 3);
  REQUIRE(paths[0].site == "input");
  REQUIRE(paths[2].site == "block1.attn_in");
  for (const auto& p : paths) {
    INFO(p.site);
    REQUIRE(p.cosine.n == kBatch);
    REQUIRE(std::abs(p.cosine.mean) <= 1);
    REQUIRE(p.norm_ratio.mean > 0);
  }
  // The measurement leaves no gradient behind.
  for (std::size_t i = 0; i < model.params().size(); ++i)
    REQUIRE(model.params().at(i).grad.cwiseAbs().maxCoeff() == 0);
}

TEST_CASE("own plus future gradient is the gradient of the summed loss", "[state_prediction]") {
  for (sp::Arm arm : {sp::Arm::standard, sp::Arm::pause}) {
    nn::Rng rng(13);
    sp::InterleavedLm model(arm, kSize, kVocab, rng);
    const auto inputs = tokens(2), targets = tokens(3);
    const auto parts = sp::own_and_future_gradients(model, inputs, targets, kBatch);
    nn::Tape<float> tape;
    const nn::Var<float> stream = model.input_stream(tape, inputs, kBatch);
    tape.backward(nn::scale(nn::cross_entropy(model.prediction_logits(stream, kBatch), targets),
                            float(kBatch * kWindow)));
    const auto& layout = model.layout();
    const nn::Mat<double> sum = parts[0].own + parts[0].future;
    double worst = 0;
    for (nn::Index b = 0; b < kBatch; ++b)
      for (nn::Index j = 0; j < kWindow; ++j) {
        const auto total = stream.grad().row(b * layout.length() + layout.prediction_row(j));
        worst = std::max(worst, (sum.row(b * kWindow + j) - total.cast<double>()).norm() /
                                    total.cast<double>().norm());
      }
    INFO(sp::arm_name(arm));
    REQUIRE(parts[0].site == "input");
    REQUIRE(worst < 1e-5);
    // The last position of a window has no later loss.
    REQUIRE(parts[0].future.row(kWindow - 1).norm() == 0);
    REQUIRE(parts[0].future.row(0).norm() > 0);
  }
}

TEST_CASE("nothing reads a separated prediction step, so its future gradient is zero",
          "[state_prediction]") {
  nn::Rng rng(17);
  sp::InterleavedLm model(sp::Arm::separated, kSize, kVocab, rng);
  const auto parts = sp::own_and_future_gradients(model, tokens(4), tokens(5), kBatch);
  for (const auto& p : parts) {
    INFO(p.site);
    REQUIRE(p.future.cwiseAbs().maxCoeff() == 0);
    REQUIRE(p.own.cwiseAbs().maxCoeff() > 0);
  }
  const auto paths = sp::gradient_paths(model, tokens(4), tokens(5), kBatch);
  REQUIRE(std::isnan(site(paths, "block0.attn_in").cosine.mean));
  REQUIRE(site(paths, "input").norm_ratio.mean == 0);
}
