#include "detector.hpp"

#include <algorithm>

namespace assay::aigi_artifacts {

Detector::Detector(nn::Rng& rng) {
  conv1_ = nn::Conv2d<float>(params_, "conv1", 1, 16, 3, rng, 1, 1);
  conv2_ = nn::Conv2d<float>(params_, "conv2", 16, 32, 3, rng, 2, 1);
  conv3_ = nn::Conv2d<float>(params_, "conv3", 32, kFeatures, 3, rng, 2, 1);
  head_ = nn::Linear<float>(params_, "head", kFeatures, 1, rng);
  adversary_ = nn::Linear<float>(params_, "adversary", kFeatures, 2 * kClasses, rng);
}

nn::Var<float> Detector::features(nn::Tape<float>& tape, const nn::Matrix& images) const {
  const auto n = images.rows();
  auto x = nn::relu(conv1_(tape.constant(images), image_shape()));
  x = nn::relu(conv2_(x, {16, kSide, kSide}));
  const nn::ImageShape half{32, kSide / 2, kSide / 2};
  x = nn::relu(conv3_(x, half));
  const auto last = conv3_.output_shape(half);
  // Global average pooling: one row per (image, channel), summed over its pixels.
  const auto pooled = nn::row_sums(nn::reshape(x, n * kFeatures, last.pixels()));
  return nn::scale(nn::reshape(pooled, n, kFeatures), 1.0f / static_cast<float>(last.pixels()));
}

nn::Matrix Detector::feature_values(const nn::Matrix& images) const {
  constexpr nn::Index kChunk = 256;
  nn::Matrix out(images.rows(), kFeatures);
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  for (nn::Index start = 0; start < images.rows(); start += kChunk) {
    const auto n = std::min(kChunk, images.rows() - start);
    tape.clear();
    out.middleRows(start, n) = features(tape, images.middleRows(start, n)).value();
  }
  return out;
}

Eigen::VectorXd Detector::scores(const nn::Matrix& images) const {
  return head_scores(feature_values(images));
}

Eigen::VectorXd Detector::head_scores(const nn::Matrix& features) const {
  const nn::Matrix z =
      (features * head_.weight().value.transpose()).array() + head_.bias()->value(0, 0);
  return z.col(0).cast<double>();
}

}  // namespace assay::aigi_artifacts
