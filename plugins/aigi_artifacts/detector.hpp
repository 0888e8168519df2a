// The detector of generated images: three 3 x 3 convolutions (1->16 at full resolution, 16->32
// and 32->64 at stride 2, ReLU), global average pooling to 64 features, and a linear real/fake
// head. Trained as a plain binary classifier (the baseline) or as SA-AFL-lite (our reading of
// SA-AFL, which has no public code; see sa_afl_lite.hpp).
#pragma once

#include <vector>

#include "generator_family.hpp"

namespace assay::aigi_artifacts {

constexpr nn::Index kFeatures = 64;
constexpr int kClasses = 10;  // Fashion-MNIST's

class Detector {
 public:
  explicit Detector(nn::Rng& rng);
  Detector(const Detector&) = delete;
  Detector& operator=(const Detector&) = delete;

  // images (N x 784) -> pooled features (N x 64).
  nn::Var<float> features(nn::Tape<float>& tape, const nn::Matrix& images) const;
  // features (N x 64) -> fake logits (N x 1).
  nn::Var<float> logit(nn::Var<float> features) const { return head_(features); }
  // features -> class logits (N x 20: ten for reals, ten for fakes), the SA-AFL-lite adversary.
  nn::Var<float> class_logits(nn::Var<float> features) const { return adversary_(features); }

  // Without a gradient, in batches: features (N x 64) and fake logits (N).
  nn::Matrix feature_values(const nn::Matrix& images) const;
  Eigen::VectorXd scores(const nn::Matrix& images) const;
  // The head's logits of feature_values() rows.
  Eigen::VectorXd head_scores(const nn::Matrix& features) const;

  nn::ParameterSet<float>& params() { return params_; }
  const nn::Linear<float>& head() const { return head_; }

 private:
  nn::ParameterSet<float> params_;
  nn::Conv2d<float> conv1_, conv2_, conv3_;
  nn::Linear<float> head_, adversary_;
};

// Real images and fakes, each with the Fashion-MNIST class of the image it shows (a fake's is
// its source image's).
struct DetectorData {
  nn::Matrix reals, fakes;
  std::vector<int> real_classes, fake_classes;
};

}  // namespace assay::aigi_artifacts
