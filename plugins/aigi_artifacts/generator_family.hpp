// The generator family: small convolutional autoencoders of 28 x 28 grey images that differ
// only in three architecture choices (a 4 x 2 x 2 factorial design), so that whatever artifact
// tells their outputs apart comes from those choices, not from a hand-painted signature.
#pragma once

#include <assay/nn/nn.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace assay::aigi_artifacts {

enum class Upsampling { transposed, nearest, bilinear, pixel_shuffle };
enum class Bottleneck { narrow, wide };
enum class OutputMap { sigmoid, clamp };

struct GeneratorSpec {
  Upsampling upsampling = Upsampling::transposed;
  Bottleneck bottleneck = Bottleneck::wide;
  OutputMap output = OutputMap::sigmoid;
  bool operator==(const GeneratorSpec&) const = default;
};

// All 16 specs, upsampling slowest and output fastest; a generator's index is its place here.
std::vector<GeneratorSpec> generator_family();
// "tconv-wide-sigmoid", "nearest-narrow-clamp", ...
std::string generator_name(const GeneratorSpec& spec);
// The family index of a name; throws std::invalid_argument naming it and the valid names.
int generator_index(std::string_view name);
// A comma-separated list of names, as indices (each once, in the given order).
std::vector<int> generator_indices(std::string_view names);

// The side of the images (Fashion-MNIST's); the two halvings need it divisible by 4.
constexpr nn::Index kSide = 28;
inline nn::ImageShape image_shape() { return {1, kSide, kSide}; }

// Encoder: conv 1->8 and 8->16 (3 x 3, stride 2), a 1 x 1 conv to the bottleneck (2 channels
// narrow, 8 wide, at 7 x 7); decoder: 3 x 3 conv to 16 channels, two doublings 16->8->1 by the
// spec's upsampling, then the output map (sigmoid, or
// clamp(x + 1/2) to [0, 1]). ReLU between layers.
class Autoencoder {
 public:
  Autoencoder(GeneratorSpec spec, nn::Rng& rng);
  Autoencoder(const Autoencoder&) = delete;
  Autoencoder& operator=(const Autoencoder&) = delete;

  // images: (N x 784) in [0, 1]; the reconstructions, same shape.
  nn::Var<float> forward(nn::Tape<float>& tape, const nn::Matrix& images) const;
  // Reconstructions without a gradient, in batches.
  nn::Matrix reconstruct(const nn::Matrix& images) const;

  const GeneratorSpec& spec() const { return spec_; }
  nn::ParameterSet<float>& params() { return params_; }

 private:
  // One doubling of the side, in -> out channels, by the spec's upsampling.
  struct Doubling {
    nn::Conv2d<float> conv;
    nn::ConvTranspose2d<float> transposed;
  };
  Doubling make_doubling(const std::string& name, nn::Index in, nn::Index out, nn::Rng& rng);
  nn::Var<float> double_side(const Doubling& d, nn::Var<float> x, nn::ImageShape in,
                             nn::Index out) const;

  GeneratorSpec spec_;
  nn::ParameterSet<float> params_;
  nn::Conv2d<float> enc1_, enc2_, squeeze_, expand_;
  Doubling up1_, up2_;
};

struct AutoencoderTraining {
  int steps = 200;
  int batch = 32;
  double lr = 3e-3;
};

// Adam on the mean squared reconstruction error of batches drawn with replacement; returns the
// mean loss of the last tenth of the steps.
double train_autoencoder(Autoencoder& model, const nn::Matrix& images,
                         const AutoencoderTraining& options, nn::Rng& rng);

// Rows of `m` picked by index.
nn::Matrix pick_rows(const nn::Matrix& m, const std::vector<int>& rows);

}  // namespace assay::aigi_artifacts
