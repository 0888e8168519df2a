#include "sa_afl_lite.hpp"

#include <catch2/catch.hpp>

#include "detector_training.hpp"

namespace aa = assay::aigi_artifacts;
namespace nn = assay::nn;

TEST_CASE("channel importance is |f * dBCE/df| as the tape computes it", "[aigi_artifacts]") {
  nn::Rng rng(5);
  const nn::Matrix f = nn::normal_matrix<float>(8, 6, 1.0f, rng);
  nn::ParameterSet<float> params;
  nn::Linear<float> head(params, "head", 6, 1, rng);
  nn::Matrix y(8, 1);
  for (int i = 0; i < 8; ++i) y(i, 0) = static_cast<float>(i % 2);
  nn::Tape<float> tape;
  const auto fv = tape.variable(f);
  const auto z = head(fv);
  // bce_with_logits is a mean over rows, so the tape's gradient is the per-row one / 8.
  tape.backward(nn::bce_with_logits(z, y));
  const nn::Matrix per_row = fv.grad() * 8.0f;
  const Eigen::VectorXd expected =
      (f.array() * per_row.array()).abs().colwise().mean().transpose().cast<double>();
  const auto got = aa::channel_importance(f, head.weight().value, z.value(), y);
  REQUIRE((got - expected).cwiseAbs().maxCoeff() < 1e-5);
}

TEST_CASE("the mask zeroes exactly the k most important channels", "[aigi_artifacts]") {
  Eigen::VectorXd importance(6);
  importance << 0.1, 0.9, 0.3, 0.8, 0.2, 0.0;
  const auto mask = aa::mask_top_channels(importance, 2);
  REQUIRE(mask.rows() == 1);
  REQUIRE((mask.array() == 0).count() == 2);
  REQUIRE(mask(0, 1) == 0);
  REQUIRE(mask(0, 3) == 0);
  REQUIRE(aa::mask_top_channels(importance, 0).minCoeff() == 1.0f);
  REQUIRE_THROWS_WITH(aa::mask_top_channels(importance, 6), Catch::Contains("masked_channels"));
}

TEST_CASE("both detectors learn a fake with a generator's periodic trace", "[aigi_artifacts]") {
  // Unit test of the training loop only: the fakes are the reals with a faint 2-pixel-period
  // pattern added, which any working detector finds in a few dozen steps.
  nn::Rng rng(6);
  aa::DetectorData data;
  data.reals = nn::uniform_matrix<float>(64, aa::kSide * aa::kSide, 0.5f, rng).array() + 0.5f;
  data.fakes = data.reals;
  for (int j = 0; j < data.fakes.cols(); ++j)
    if ((j / aa::kSide + j % aa::kSide) % 2 == 0) data.fakes.col(j).array() += 0.3f;
  // One class: the adversary has nothing to remove, so this isolates the loop and the mask
  // (random class labels on 64 noise images would let the adversary memorise them).
  data.real_classes.assign(64, 0);
  data.fake_classes = data.real_classes;
  for (auto method : {aa::DetectorMethod::baseline, aa::DetectorMethod::sa_afl_lite}) {
    aa::Detector detector(rng);
    const auto loss = aa::train_detector(
        detector, data, {.method = method, .steps = 40, .batch = 16, .lr = 3e-3}, rng);
    REQUIRE(loss.size() == 40);
    const auto real = detector.scores(data.reals), fake = detector.scores(data.fakes);
    const double correct = (real.array() < 0).count() + (fake.array() >= 0).count();
    INFO("method " << static_cast<int>(method) << " loss " << loss.front() << " -> "
                   << loss.back());
    REQUIRE(correct / 128.0 > 0.9);
  }
}
