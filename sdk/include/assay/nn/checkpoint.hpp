// A trained model as plain data, so it can leave one node and be loaded by the next: what model
// it is (a config of named scalars), its parameters by name, and optionally the optimiser's
// state and the trainer's own settings, so that training split over nodes resumes exactly.
// <assay/nn/checkpoint_value.hpp> makes it a pipeline value (a record the store writes as an HDF5
// group of named datasets); this header knows nothing of the SDK.
//
//   auto ck = nn::make_checkpoint(params, nn::to_config(gpt_config), &adam);   // save
//   nn::ParameterSet<float> params2;
//   nn::Gpt<float> gpt(params2, nn::gpt_config(ck.config), rng);              // rebuild
//   nn::load_checkpoint(ck, params2, &adam2);                                   // restore
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "assay/nn/gpt.hpp"
#include "assay/nn/optim.hpp"
#include "assay/nn/parameter.hpp"

namespace assay::nn {

// One setting of a model's configuration; a config is its settings in order.
using ConfigScalar = std::variant<bool, std::int64_t, double, std::string>;
struct ConfigEntry {
  std::string name;
  ConfigScalar value;
  bool operator==(const ConfigEntry&) const = default;
};
using ModelConfig = std::vector<ConfigEntry>;

// The setting of that name; throws std::out_of_range naming it and the settings present, or
// std::invalid_argument when it holds another type (an integer is accepted as a double).
bool config_bool(const ModelConfig& config, std::string_view name);
std::int64_t config_int(const ModelConfig& config, std::string_view name);
double config_real(const ModelConfig& config, std::string_view name);
const std::string& config_string(const ModelConfig& config, std::string_view name);

// GptConfig's fields under their own names ("vocab", ..., "norm": "layer" | "rms", "mlp":
// "gelu" | "swiglu"), with "model" = "gpt"; gpt_config() throws for a config of another model.
ModelConfig to_config(const GptConfig& config);
GptConfig gpt_config(const ModelConfig& config);

template <class T = float>
struct Checkpoint {
  ModelConfig config;
  std::vector<NamedArray<T>> params;           // export_arrays() of the model's ParameterSet
  std::optional<OptimizerState<T>> optimizer;  // Adam::state(), when training is to resume
  // What else a continuation needs to resume exactly, set by the trainer (e.g. the seed of its
  // batch stream); empty when nothing.
  ModelConfig training;
  bool operator==(const Checkpoint&) const = default;
};

template <class T>
Checkpoint<T> make_checkpoint(const ParameterSet<T>& params, ModelConfig config,
                              const Adam<T>* optimizer = nullptr);
// Copies the parameters into `params` (import_arrays: names and shapes must match; parameters
// the checkpoint lacks keep their values) and, when both are given, the optimiser state into
// `optimizer`; throws std::invalid_argument if `optimizer` is given and the checkpoint has none.
template <class T>
void load_checkpoint(const Checkpoint<T>& checkpoint, ParameterSet<T>& params,
                     Adam<T>* optimizer = nullptr);

}  // namespace assay::nn
