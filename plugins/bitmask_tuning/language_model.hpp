// The small SwiGLU decoder every arm adapts, and a pretrained model as plain data (its config
// and named parameters, what a checkpoint carries).
#pragma once

#include <assay/nn/gpt.hpp>
#include <assay/nn/parameter.hpp>
#include <vector>

namespace assay::bitmask_tuning {

struct ModelSpec {
  int dim = 32;
  int layers = 2;
  int heads = 2;
  int context = 32;
};

// RMSNorm, SwiGLU MLP of width 4 dim (its gate addressable as "block<i>.mlp.gate"), no biases,
// learned positions, untied unembedding, over the 96-token alphabet of char_codec.hpp.
nn::GptConfig gpt_config_of(const ModelSpec& spec);

struct Pretrained {
  nn::GptConfig config;
  std::vector<nn::NamedArray<float>> params;
};

// A model rebuilt from a Pretrained: it owns its parameters and the decoder over them.
struct Model {
  explicit Model(const Pretrained& pretrained);
  nn::ParameterSet<float> params;
  nn::Gpt<float> gpt;
};

// The names of the gate projections, "block0.mlp.gate", ..., in layer order.
std::vector<std::string> gate_names(const nn::GptConfig& config);

}  // namespace assay::bitmask_tuning
