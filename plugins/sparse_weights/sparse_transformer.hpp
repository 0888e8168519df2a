// A small weight-sparse transformer trained with Gao et al.'s recipe, and its two dense
// controls: the same shape trained dense, and a narrower dense model with about as many
// nonzero weights as the sparse one. All three share the rest of the recipe: RMSNorm, head size
// 16, GELU MLP without biases, activation top-k (abs_topk) at every attention and MLP site, a
// learned bigram table, Adam (0.9, 0.95, eps 0.1) on gradients divided by their global RMS,
// linear warm-up and decay.
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <assay/nn/gpt.hpp>
#include <assay/nn/parameter.hpp>
#include <assay/nn/training.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "code_corpus.hpp"
#include "weight_sparsity.hpp"

namespace assay::sparse_weights {

enum class ModelKind { sparse, dense, dense_matched };
std::string kind_name(ModelKind kind);

struct ShapeOptions {
  int dim = 128;
  int layers = 2;
  int head_size = 16;
  int context = 64;
  double topk_fraction = 0.25;  // share of each activation row kept at every site
};

struct TrainOptions {
  long steps = 2000;
  int batch = 32;
  double lr = 1e-2;
  double warmup_fraction = 0.05;
  int eval_windows = 64;  // validation windows for the evaluation loss
  long eval_every = 0;
};

// A trained model: the checkpoint the analyses rebuild the network from (its config holds the
// GptConfig's settings plus "kind" and "topk_fraction"), and how training went.
struct TrainedModel {
  ModelKind kind = ModelKind::sparse;
  nn::Checkpoint<float> checkpoint;
  nn::Index width = 0;
  nn::LossTable history;
  double eval_loss = 0;  // mean next-token loss on the validation windows [nats]
  nn::Index nonzero = 0, matrix_weights = 0;  // in the sparsified matrices
};

// The GPT shape of a kind: dense_matched has the narrowest width (a multiple of head_size)
// whose matrix count is closest to the sparse model's nonzero count.
nn::GptConfig model_config(ModelKind kind, const ShapeOptions& shape, double nonzero_fraction);
// Entries in the matrices the sparsity applies to, for a config.
nn::Index matrix_weight_count(const nn::GptConfig& config);

// A Gpt over `params` with the activation top-k of the recipe at every attention and MLP site.
struct Network {
  Network(const nn::GptConfig& config, nn::Rng& rng) : gpt(params, config, rng) {}
  nn::ParameterSet<float> params;  // declared first: gpt registers into it
  nn::Gpt<float> gpt;
};
std::unique_ptr<Network> build_network(const nn::GptConfig& config, double topk_fraction,
                                       nn::Rng& rng);
// Throws std::invalid_argument or std::out_of_range for a checkpoint of another model.
std::unique_ptr<Network> load_network(const nn::Checkpoint<float>& checkpoint);

// init_rng draws the initial weights; data_seed the batches (models compared on the same data
// share it).
using Progress = std::function<void(double fraction)>;
TrainedModel train_sparse_transformer(ModelKind kind, const ShapeOptions& shape,
                                      const SparsityOptions& sparsity, const TrainOptions& train,
                                      const CodeCorpus& train_corpus,
                                      const CodeCorpus& validation_corpus, nn::Rng& init_rng,
                                      std::uint64_t data_seed, const Progress& progress = {});

// Mean next-token loss of the network over the windows.
double mean_loss(const Network& net, const std::vector<TokenWindow>& windows);

}  // namespace assay::sparse_weights
