#include "assay/nn/checkpoint.hpp"

#include <stdexcept>

namespace assay::nn {
namespace {

const ConfigScalar& setting(const ModelConfig& config, std::string_view name) {
  for (const auto& entry : config)
    if (entry.name == name) return entry.value;
  std::string present;
  for (const auto& entry : config) present += (present.empty() ? "" : ", ") + entry.name;
  throw std::out_of_range("assay::nn: the model config has no setting '" + std::string(name) +
                          "' (it has: " + (present.empty() ? "none" : present) + ")");
}

template <class V>
const V& typed(const ModelConfig& config, std::string_view name, const char* type) {
  if (const auto* v = std::get_if<V>(&setting(config, name))) return *v;
  throw std::invalid_argument("assay::nn: the model config's '" + std::string(name) +
                              "' is not a " + type);
}

template <class E>
E named_choice(const ModelConfig& config, std::string_view name,
               std::initializer_list<std::pair<const char*, E>> choices) {
  const auto& text = config_string(config, name);
  for (const auto& [label, value] : choices)
    if (text == label) return value;
  throw std::invalid_argument("assay::nn: the model config's '" + std::string(name) + "' is '" +
                              text + "', not one this version knows");
}

}  // namespace

bool config_bool(const ModelConfig& config, std::string_view name) {
  return typed<bool>(config, name, "bool");
}
std::int64_t config_int(const ModelConfig& config, std::string_view name) {
  return typed<std::int64_t>(config, name, "integer");
}
double config_real(const ModelConfig& config, std::string_view name) {
  if (const auto* i = std::get_if<std::int64_t>(&setting(config, name)))
    return static_cast<double>(*i);
  return typed<double>(config, name, "number");
}
const std::string& config_string(const ModelConfig& config, std::string_view name) {
  return typed<std::string>(config, name, "string");
}

ModelConfig to_config(const GptConfig& c) {
  return {{"model", std::string("gpt")},
          {"vocab", std::int64_t{c.vocab}},
          {"context", std::int64_t{c.context}},
          {"dim", std::int64_t{c.dim}},
          {"heads", std::int64_t{c.heads}},
          {"layers", std::int64_t{c.layers}},
          {"hidden", std::int64_t{c.hidden}},
          {"norm", std::string(c.norm == NormKind::rms ? "rms" : "layer")},
          {"mlp", std::string(c.mlp == MlpKind::swiglu ? "swiglu" : "gelu")},
          {"bias", c.bias},
          {"learned_positions", c.learned_positions},
          {"tied_unembedding", c.tied_unembedding},
          {"causal", c.causal},
          {"bigram", c.bigram},
          {"attention_sink", c.attention_sink},
          {"norm_eps", c.norm_eps}};
}

GptConfig gpt_config(const ModelConfig& config) {
  if (config_string(config, "model") != "gpt")
    throw std::invalid_argument("assay::nn: a checkpoint of a '" + config_string(config, "model") +
                                "' model, not a gpt");
  GptConfig c;
  c.vocab = config_int(config, "vocab");
  c.context = config_int(config, "context");
  c.dim = config_int(config, "dim");
  c.heads = config_int(config, "heads");
  c.layers = config_int(config, "layers");
  c.hidden = config_int(config, "hidden");
  c.norm =
      named_choice<NormKind>(config, "norm", {{"layer", NormKind::layer}, {"rms", NormKind::rms}});
  c.mlp =
      named_choice<MlpKind>(config, "mlp", {{"gelu", MlpKind::gelu}, {"swiglu", MlpKind::swiglu}});
  c.bias = config_bool(config, "bias");
  c.learned_positions = config_bool(config, "learned_positions");
  c.tied_unembedding = config_bool(config, "tied_unembedding");
  c.causal = config_bool(config, "causal");
  c.bigram = config_bool(config, "bigram");
  c.attention_sink = config_bool(config, "attention_sink");
  c.norm_eps = config_real(config, "norm_eps");
  return c;
}

template <class T>
Checkpoint<T> make_checkpoint(const ParameterSet<T>& params, ModelConfig config,
                              const Adam<T>* optimizer) {
  Checkpoint<T> checkpoint{std::move(config), export_arrays(params), std::nullopt, {}};
  if (optimizer) checkpoint.optimizer = optimizer->state();
  return checkpoint;
}

template <class T>
void load_checkpoint(const Checkpoint<T>& checkpoint, ParameterSet<T>& params, Adam<T>* optimizer) {
  if (optimizer && !checkpoint.optimizer)
    throw std::invalid_argument(
        "assay::nn: the checkpoint holds no optimiser state to resume from (it was saved "
        "without one)");
  import_arrays(params, checkpoint.params);
  if (optimizer) optimizer->load_state(*checkpoint.optimizer);
}

template Checkpoint<float> make_checkpoint(const ParameterSet<float>&, ModelConfig,
                                           const Adam<float>*);
template Checkpoint<double> make_checkpoint(const ParameterSet<double>&, ModelConfig,
                                            const Adam<double>*);
template void load_checkpoint(const Checkpoint<float>&, ParameterSet<float>&, Adam<float>*);
template void load_checkpoint(const Checkpoint<double>&, ParameterSet<double>&, Adam<double>*);

}  // namespace assay::nn
