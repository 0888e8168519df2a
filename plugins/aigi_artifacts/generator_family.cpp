#include "generator_family.hpp"

#include <algorithm>
#include <stdexcept>

namespace assay::aigi_artifacts {

namespace {

const char* upsampling_name(Upsampling u) {
  switch (u) {
    case Upsampling::transposed:
      return "tconv";
    case Upsampling::nearest:
      return "nearest";
    case Upsampling::bilinear:
      return "bilinear";
    case Upsampling::pixel_shuffle:
      return "shuffle";
  }
  return "";
}

constexpr nn::Index kHidden1 = 8, kHidden2 = 16;
constexpr nn::Index kSmall = kSide / 4;

nn::Index bottleneck_channels(Bottleneck b) { return b == Bottleneck::narrow ? 2 : 8; }

}  // namespace

std::vector<GeneratorSpec> generator_family() {
  std::vector<GeneratorSpec> family;
  for (auto u : {Upsampling::transposed, Upsampling::nearest, Upsampling::bilinear,
                 Upsampling::pixel_shuffle})
    for (auto b : {Bottleneck::narrow, Bottleneck::wide})
      for (auto o : {OutputMap::sigmoid, OutputMap::clamp}) family.push_back({u, b, o});
  return family;
}

std::string generator_name(const GeneratorSpec& spec) {
  return std::string(upsampling_name(spec.upsampling)) + "-" +
         (spec.bottleneck == Bottleneck::narrow ? "narrow" : "wide") + "-" +
         (spec.output == OutputMap::sigmoid ? "sigmoid" : "clamp");
}

int generator_index(std::string_view name) {
  const auto family = generator_family();
  std::string valid;
  for (std::size_t i = 0; i < family.size(); ++i) {
    const auto n = generator_name(family[i]);
    if (n == name) return static_cast<int>(i);
    valid += (i ? ", " : "") + n;
  }
  throw std::invalid_argument("unknown generator '" + std::string(name) + "'; valid: " + valid);
}

std::vector<int> generator_indices(std::string_view names) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= names.size()) {
    const auto end = std::min(names.find(',', start), names.size());
    const int i = generator_index(names.substr(start, end - start));
    if (std::find(out.begin(), out.end(), i) != out.end())
      throw std::invalid_argument("generator '" + std::string(names.substr(start, end - start)) +
                                  "' is listed twice in '" + std::string(names) + "'");
    out.push_back(i);
    start = end + 1;
  }
  return out;
}

Autoencoder::Autoencoder(GeneratorSpec spec, nn::Rng& rng) : spec_(spec) {
  const auto z = bottleneck_channels(spec.bottleneck);
  enc1_ = nn::Conv2d<float>(params_, "enc1", 1, kHidden1, 3, rng, 2, 1);
  enc2_ = nn::Conv2d<float>(params_, "enc2", kHidden1, kHidden2, 3, rng, 2, 1);
  squeeze_ = nn::Conv2d<float>(params_, "squeeze", kHidden2, z, 1, rng);
  expand_ = nn::Conv2d<float>(params_, "expand", z, kHidden2, 3, rng, 1, 1);
  up1_ = make_doubling("up1", kHidden2, kHidden1, rng);
  up2_ = make_doubling("up2", kHidden1, 1, rng);
}

Autoencoder::Doubling Autoencoder::make_doubling(const std::string& name, nn::Index in,
                                                 nn::Index out, nn::Rng& rng) {
  Doubling d;
  switch (spec_.upsampling) {
    case Upsampling::transposed:  // k4 s2 p1: side exactly doubles
      d.transposed = nn::ConvTranspose2d<float>(params_, name, in, out, 4, rng, 2, 1);
      break;
    case Upsampling::nearest:
    case Upsampling::bilinear:
      d.conv = nn::Conv2d<float>(params_, name, in, out, 3, rng, 1, 1);
      break;
    case Upsampling::pixel_shuffle:  // 4 sub-pixel channels per output channel
      d.conv = nn::Conv2d<float>(params_, name, in, out * 4, 3, rng, 1, 1);
      break;
  }
  return d;
}

nn::Var<float> Autoencoder::double_side(const Doubling& d, nn::Var<float> x, nn::ImageShape in,
                                        nn::Index out) const {
  const nn::ImageShape big{in.channels, in.height * 2, in.width * 2};
  switch (spec_.upsampling) {
    case Upsampling::transposed:
      return d.transposed(x, in);
    case Upsampling::nearest:
      return d.conv(nn::upsample_nearest(x, in, 2), big);
    case Upsampling::bilinear:
      return d.conv(nn::upsample_bilinear(x, in, 2), big);
    case Upsampling::pixel_shuffle:
      return nn::pixel_shuffle(d.conv(x, in), {out * 4, in.height, in.width}, 2);
  }
  return x;
}

nn::Var<float> Autoencoder::forward(nn::Tape<float>& tape, const nn::Matrix& images) const {
  const auto z = bottleneck_channels(spec_.bottleneck);
  auto x = tape.constant(images);
  x = nn::relu(enc1_(x, image_shape()));
  x = nn::relu(enc2_(x, {kHidden1, kSide / 2, kSide / 2}));
  x = squeeze_(x, {kHidden2, kSmall, kSmall});
  x = nn::relu(expand_(x, {z, kSmall, kSmall}));
  x = nn::relu(double_side(up1_, x, {kHidden2, kSmall, kSmall}, kHidden1));
  x = double_side(up2_, x, {kHidden1, kSide / 2, kSide / 2}, 1);
  // The clamp is centred where the sigmoid is (0 -> 0.5): a clamp at 0 would start with most
  // pixels outside [0, 1], where it passes no gradient, and some generators never train.
  return spec_.output == OutputMap::sigmoid ? nn::sigmoid(x)
                                            : nn::clamp(nn::add_scalar(x, 0.5f), 0.0f, 1.0f);
}

nn::Matrix Autoencoder::reconstruct(const nn::Matrix& images) const {
  constexpr nn::Index kChunk = 256;
  nn::Matrix out(images.rows(), images.cols());
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  for (nn::Index start = 0; start < images.rows(); start += kChunk) {
    const auto n = std::min(kChunk, images.rows() - start);
    tape.clear();
    out.middleRows(start, n) = forward(tape, images.middleRows(start, n)).value();
  }
  return out;
}

nn::Matrix pick_rows(const nn::Matrix& m, const std::vector<int>& rows) {
  nn::Matrix out(static_cast<nn::Index>(rows.size()), m.cols());
  for (std::size_t i = 0; i < rows.size(); ++i) out.row(static_cast<nn::Index>(i)) = m.row(rows[i]);
  return out;
}

double train_autoencoder(Autoencoder& model, const nn::Matrix& images,
                         const AutoencoderTraining& options, nn::Rng& rng) {
  if (images.rows() < 1) throw std::invalid_argument("train_autoencoder: no images");
  nn::Adam<float> adam(model.params(), {.lr = options.lr});
  nn::Tape<float> tape;
  std::vector<int> rows(options.batch);
  double tail = 0;
  const int tail_from = options.steps - std::max(1, options.steps / 10);
  for (int step = 0; step < options.steps; ++step) {
    for (auto& r : rows) r = static_cast<int>(nn::uniform01(rng) * images.rows());
    const nn::Matrix batch = pick_rows(images, rows);
    tape.clear();
    adam.zero_grad();
    const auto loss = nn::mse(model.forward(tape, batch), batch);
    tape.backward(loss);
    adam.step();
    if (step >= tail_from) tail += loss.item();
  }
  return tail / (options.steps - tail_from);
}

}  // namespace assay::aigi_artifacts
