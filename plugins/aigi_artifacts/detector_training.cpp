#include "detector_training.hpp"

#include <stdexcept>
#include <string>

#include "sa_afl_lite.hpp"

namespace assay::aigi_artifacts {

namespace {

struct Batch {
  nn::Matrix images;
  nn::Matrix targets;  // 1 fake, 0 real
  std::vector<int> classes;
};

Batch draw_batch(const DetectorData& data, int size, nn::Rng& rng) {
  const int half = size / 2;
  Batch b{nn::Matrix(2 * half, data.reals.cols()), nn::Matrix(2 * half, 1), {}};
  const auto take = [&](const nn::Matrix& from, const std::vector<int>& classes, int row,
                        float target) {
    const auto i = static_cast<nn::Index>(nn::uniform01(rng) * from.rows());
    b.images.row(row) = from.row(i);
    b.targets(row, 0) = target;
    b.classes.push_back(classes[i]);
  };
  for (int r = 0; r < half; ++r) take(data.reals, data.real_classes, r, 0);
  for (int r = 0; r < half; ++r) take(data.fakes, data.fake_classes, half + r, 1);
  return b;
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
  if (options.batch < 2) throw std::invalid_argument("batch: needs 2 or more, got " +
                                                     std::to_string(options.batch));
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
      const auto importance = channel_importance(f.value(), detector.head().weight().value,
                                                 z.value(), batch.targets);
      const auto mask = tape.constant(mask_top_channels(importance, options.masked_channels));
      loss = loss + nn::bce_with_logits(detector.logit(nn::mul(f, mask)), batch.targets);
      const auto reversed = nn::gradient_reversal(f, static_cast<float>(options.adversary_weight));
      loss = loss + nn::cross_entropy(detector.class_logits(reversed), batch.classes);
    }
    tape.backward(loss);
    adam.step();
    history.push_back(bce.item());
  }
  return history;
}

}  // namespace assay::aigi_artifacts
