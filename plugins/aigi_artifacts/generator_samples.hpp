// The generator family trained on real images, and its fakes: each generator's
// reconstructions of the same source images, so every fake has a real twin of the same class.
#pragma once

#include <functional>
#include <vector>

#include "generator_family.hpp"

namespace assay::aigi_artifacts {

struct GeneratorSamples {
  std::vector<GeneratorSpec> specs;
  std::vector<double> final_loss;  // train_autoencoder's tail loss, per generator
  std::vector<nn::Matrix> fakes;   // per generator: sources.rows() x 784
};

// Trains the generators named by family index (all 16 when empty), each from a stream of its
// own (one draw of `rng` and its index), on `train_images`, then reconstructs `sources`. `progress`
// gets the fraction done.
GeneratorSamples train_generators(const nn::Matrix& train_images, const nn::Matrix& sources,
                                  const AutoencoderTraining& options, const std::vector<int>& which,
                                  nn::Rng& rng, const std::function<void(double)>& progress = {});

}  // namespace assay::aigi_artifacts
