// The small causal transformer pretrained on the counting language, and its training loop.
//
// Each training example is one whole sequence (inputs: its first kSequenceLength - 1 tokens,
// targets: the next ones, PAD targets ignored), so every list is seen from its BOS on. AdamW
// with a warmup-cosine schedule, decay on matrices only, gradients clipped at norm 1.
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <assay/nn/nn.hpp>
#include <functional>
#include <memory>
#include <string>

#include "counting_corpus.hpp"

namespace assay::counting_bottleneck {

struct ModelOptions {
  int dim = 64;
  int heads = 4;
  int layers = 2;
};

struct PretrainOptions {
  int steps = 2000;
  int batch = 32;
  double lr = 3e-3;
  double weight_decay = 0.01;
  int warmup = 100;
};

// The decoder over the counting vocabulary: LayerNorm, GELU, no biases (so the unembedding
// W_U is exactly head.weight, vocab x dim), learned positions, untied unembedding.
nn::GptConfig gpt_config(const ModelOptions& options);

// A Gpt and the parameters it points into, kept together.
struct CountingModel {
  nn::ParameterSet<float> params;
  std::unique_ptr<nn::Gpt<float>> gpt;
  CountingModel(const nn::GptConfig& config, Rng& rng);
  // W_U (vocab x dim) as doubles.
  Eigen::MatrixXd unembedding() const;
};

// The model as plain data, so that one pretraining can feed every analysis node, and back.
// model_of throws std::invalid_argument naming `port` unless the checkpoint is a decoder that
// gpt_config builds (the counting vocabulary and context, no biases, untied W_U).
nn::Checkpoint<float> checkpoint_of(const CountingModel& model);
CountingModel model_of(const nn::Checkpoint<float>& checkpoint, const std::string& port);

// Inputs and targets of sequences stacked in rows (each kSequenceLength tokens).
nn::TokenBatch sequence_batch(const std::vector<std::vector<int>>& sequences);

struct PretrainResult {
  nn::LossTable history;
};

// Trains `model` on random sequences of the corpus (batch s is fixed by the seed and s).
// progress(fraction) is called every 50 steps.
PretrainResult pretrain(CountingModel& model, const Corpus& corpus, const PretrainOptions& options,
                        std::uint64_t seed, const std::function<void(double)>& progress = {});

// Mean next-token loss of the model over the given sequences (no gradient).
double mean_loss(const CountingModel& model, const std::vector<std::vector<int>>& sequences);

}  // namespace assay::counting_bottleneck
