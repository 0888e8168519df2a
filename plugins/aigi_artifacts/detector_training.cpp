#include "detector_training.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "sa_afl_lite.hpp"

namespace assay::aigi_artifacts {

namespace {

struct Batch {
  nn::Matrix images;
  nn::Matrix targets;  // 1 fake, 0 real
  // The class adversary's targets: class + 10 * fake, and a -1e4 on the other group's ten
  // logits, so it predicts the class within the row's real/fake group.
  std::vector<int> group_classes;
  nn::Matrix other_group;
};

Batch draw_batch(const DetectorData& data, int size, nn::Rng& rng) {
  const int half = size / 2;
  Batch b{nn::Matrix(2 * half, data.reals.cols()),
          nn::Matrix(2 * half, 1),
          {},
          nn::Matrix::Zero(2 * half, 2 * kClasses)};
  const auto take = [&](const nn::Matrix& from, const std::vector<int>& classes, int row,
                        int fake) {
    const auto i = static_cast<nn::Index>(nn::uniform01(rng) * from.rows());
    b.images.row(row) = from.row(i);
    b.targets(row, 0) = static_cast<float>(fake);
    b.group_classes.push_back(classes[i] + kClasses * fake);
    b.other_group.row(row).segment((1 - fake) * kClasses, kClasses).setConstant(-1e4f);
  };
  for (int r = 0; r < half; ++r) take(data.reals, data.real_classes, r, 0);
  for (int r = 0; r < half; ++r) take(data.fakes, data.fake_classes, half + r, 1);
  return b;
}

// The reversal factor ramps from 0 to adversary_weight as 2 / (1 + exp(-10 p)) - 1 over the
// training progress p (Ganin & Lempitsky's schedule): a full-strength adversary from step 0
// collapses the untrained features to a constant, which hides the class and the artifact alike.
float adversary_factor(const DetectorTraining& options, int step) {
  const double p = static_cast<double>(step) / std::max(1, options.steps - 1);
  return static_cast<float>(options.adversary_weight * (2 / (1 + std::exp(-10 * p)) - 1));
}

void check_data(const DetectorData& data) {
  if (data.reals.rows() == 0 || data.fakes.rows() == 0)
    throw std::invalid_argument("detector training: " + std::to_string(data.reals.rows()) +
                                " real and " + std::to_string(data.fakes.rows()) +
                                " fake images; both are needed");
  if (static_cast<std::size_t>(data.reals.rows()) != data.real_classes.size() ||
      static_cast<std::size_t>(data.fakes.rows()) != data.fake_classes.size())
    throw std::invalid_argument("detector training: one class per image is needed");
}

}  // namespace

std::vector<double> train_detector(Detector& detector, const DetectorData& data,
                                   const DetectorTraining& options, nn::Rng& rng) {
  check_data(data);
  if (options.batch < 2)
    throw std::invalid_argument("batch: needs 2 or more, got " + std::to_string(options.batch));
  nn::Adam<float> adam(detector.params(), {.lr = options.lr});
  nn::Tape<float> tape;
  std::vector<double> history;
  const bool sa_afl = options.method == DetectorMethod::sa_afl_lite;
  for (int step = 0; step < options.steps; ++step) {
    const Batch batch = draw_batch(data, options.batch, rng);
    tape.clear();
    adam.zero_grad();
    const auto f = detector.features(tape, batch.images);
    const auto z = detector.logit(f);
    const auto bce = nn::bce_with_logits(z, batch.targets);
    auto loss = bce;
    if (sa_afl) {
      const auto importance =
          channel_importance(f.value(), detector.head().weight().value, z.value(), batch.targets);
      const auto mask = tape.constant(mask_top_channels(importance, options.masked_channels));
      loss = loss + nn::bce_with_logits(detector.logit(nn::mul(f, mask)), batch.targets);
      const auto reversed = nn::gradient_reversal(f, adversary_factor(options, step));
      loss = loss + nn::cross_entropy(
                        nn::add(detector.class_logits(reversed), tape.constant(batch.other_group)),
                        batch.group_classes);
    }
    tape.backward(loss);
    adam.step();
    history.push_back(bce.item());
  }
  return history;
}

}  // namespace assay::aigi_artifacts
