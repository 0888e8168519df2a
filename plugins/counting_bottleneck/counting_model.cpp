#include "counting_model.hpp"

#include <stdexcept>
#include <string>

namespace assay::counting_bottleneck {

nn::GptConfig gpt_config(const ModelOptions& o) {
  if (o.heads < 1 || o.dim % o.heads != 0)
    throw std::invalid_argument("heads: " + std::to_string(o.heads) + " does not divide dim " +
                                std::to_string(o.dim));
  return {.vocab = token::kVocab,
          .context = kSequenceLength,
          .dim = o.dim,
          .heads = o.heads,
          .layers = o.layers,
          .bias = false};
}

CountingModel::CountingModel(const nn::GptConfig& config, Rng& rng)
    : gpt(std::make_unique<nn::Gpt<float>>(params, config, rng)) {}

Eigen::MatrixXd CountingModel::unembedding() const {
  return params["head.weight"].value.cast<double>();
}

nn::Checkpoint<float> checkpoint_of(const CountingModel& model) {
  return nn::make_checkpoint(model.params, nn::to_config(model.gpt->config()));
}

CountingModel model_of(const nn::Checkpoint<float>& checkpoint, const std::string& port) {
  nn::GptConfig config;
  try {
    config = nn::gpt_config(checkpoint.config);
  } catch (const std::exception& e) {
    throw std::invalid_argument(port + ": " + e.what());
  }
  const ModelOptions shape{.dim = static_cast<int>(config.dim),
                           .heads = static_cast<int>(config.heads),
                           .layers = static_cast<int>(config.layers)};
  if (config.heads < 1 || config.dim % config.heads != 0 || !(config == gpt_config(shape)))
    throw std::invalid_argument(
        port + ": not a counting model (vocab " + std::to_string(config.vocab) + ", context " +
        std::to_string(config.context) + "; counting_pretrain.model has vocab " +
        std::to_string(token::kVocab) + ", context " + std::to_string(kSequenceLength) +
        ", no biases, untied W_U)");
  Rng unused(0);  // the checkpoint overwrites every weight
  CountingModel model(config, unused);
  nn::Index scalars = 0;
  for (const auto& a : checkpoint.params) scalars += static_cast<nn::Index>(a.data.size());
  if (scalars != model.params.count())  // load_checkpoint would keep the weights it lacks
    throw std::invalid_argument(port + ": " + std::to_string(scalars) +
                                " parameters for a model of " +
                                std::to_string(model.params.count()));
  try {
    nn::load_checkpoint(checkpoint, model.params);
  } catch (const std::exception& e) {
    throw std::invalid_argument(port + ": " + e.what());
  }
  return model;
}

nn::TokenBatch sequence_batch(const std::vector<std::vector<int>>& sequences) {
  nn::TokenBatch b;
  for (const auto& s : sequences) {
    if (s.size() != kSequenceLength)
      throw std::invalid_argument("sequence: " + std::to_string(s.size()) + " tokens, expected " +
                                  std::to_string(kSequenceLength));
    b.inputs.insert(b.inputs.end(), s.begin(), s.end() - 1);
    for (std::size_t t = 1; t < s.size(); ++t) b.targets.push_back(s[t] == token::kPad ? -1 : s[t]);
  }
  return b;
}

PretrainResult pretrain(CountingModel& model, const Corpus& corpus, const PretrainOptions& o,
                        std::uint64_t seed, const std::function<void(double)>& progress) {
  nn::Adam<float> adam(model.params, {.lr = o.lr});
  adam.set_groups(nn::decay_matrices_only<float>(o.weight_decay));
  nn::Tape<float> tape;
  const auto step = [&](long s) {
    Rng rng(seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(s)));
    std::vector<std::vector<int>> rows;
    for (int i = 0; i < o.batch; ++i)
      rows.push_back(corpus.row(static_cast<int>(rng() % corpus.sequences())));
    const nn::TokenBatch b = sequence_batch(rows);
    adam.set_lr(static_cast<float>(nn::warmup_cosine(s, o.warmup, o.steps, o.lr, 0.1 * o.lr)));
    tape.clear();
    adam.zero_grad();
    const auto loss = model.gpt->loss(tape, b.inputs, b.targets, o.batch);
    tape.backward(loss);
    nn::clip_grad_norm(model.params, 1.0f);
    adam.step();
    if (progress && s % 50 == 0) progress(static_cast<double>(s) / o.steps);
    return static_cast<double>(loss.item());
  };
  return {nn::train_loop({.steps = o.steps, .eval_every = std::max(1, o.steps / 20)}, step)};
}

double mean_loss(const CountingModel& model, const std::vector<std::vector<int>>& sequences) {
  nn::Tape<float> tape;
  tape.set_grad_enabled(false);
  const nn::TokenBatch b = sequence_batch(sequences);
  return model.gpt->loss(tape, b.inputs, b.targets, static_cast<nn::Index>(sequences.size()))
      .item();
}

}  // namespace assay::counting_bottleneck
