#include "language_model.hpp"

#include "char_codec.hpp"

namespace assay::bitmask_tuning {

nn::GptConfig gpt_config_of(const ModelSpec& spec) {
  return {.vocab = kVocab,
          .context = spec.context,
          .dim = spec.dim,
          .heads = spec.heads,
          .layers = spec.layers,
          .hidden = 4 * spec.dim,
          .norm = nn::NormKind::rms,
          .mlp = nn::MlpKind::swiglu,
          .bias = false};
}

namespace {
// The initial draw is overwritten by the pretrained values at once.
nn::Gpt<float> decoder_over(nn::ParameterSet<float>& params, const nn::GptConfig& config) {
  nn::Rng unused(0);
  return nn::Gpt<float>(params, config, unused);
}
}  // namespace

Model::Model(const Pretrained& pretrained) : gpt(decoder_over(params, pretrained.config)) {
  nn::import_arrays(params, pretrained.params);
}

std::vector<std::string> gate_names(const nn::GptConfig& config) {
  std::vector<std::string> out;
  for (nn::Index i = 0; i < config.layers; ++i)
    out.push_back("block" + std::to_string(i) + ".mlp.gate");
  return out;
}

}  // namespace assay::bitmask_tuning
