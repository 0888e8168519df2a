#include "generator_samples.hpp"

namespace assay::aigi_artifacts {

GeneratorSamples train_generators(const nn::Matrix& train_images, const nn::Matrix& sources,
                                  const AutoencoderTraining& options, const std::vector<int>& which,
                                  nn::Rng& rng, const std::function<void(double)>& progress) {
  const auto family = generator_family();
  std::vector<int> indices = which;
  if (indices.empty())
    for (int i = 0; i < static_cast<int>(family.size()); ++i) indices.push_back(i);
  GeneratorSamples out;
  const auto base = rng();
  for (std::size_t k = 0; k < indices.size(); ++k) {
    // A generator's stream depends on its family index only, not on which others are trained.
    nn::Rng own(base + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(indices[k] + 1));
    Autoencoder model(family.at(indices[k]), own);
    out.specs.push_back(model.spec());
    out.final_loss.push_back(train_autoencoder(model, train_images, options, own));
    out.fakes.push_back(model.reconstruct(sources));
    if (progress) progress(static_cast<double>(k + 1) / static_cast<double>(indices.size()));
  }
  return out;
}

}  // namespace assay::aigi_artifacts
