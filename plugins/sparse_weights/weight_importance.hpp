// How much single weights matter, token by token. The screen is first order: zeroing weight w
// changes the loss at token t by about -w dL_t/dw, so its importance there is |w dL_t/dw|,
// from one backward pass per position. Exact zero-ablation (rerun the model with the weight
// set to 0) on a fixed-size sample of weights says how good the screen is.
//
// The weights studied are the nonzero entries of the blocks' projections (attention q, k, v,
// o; MLP up and down): the circuit weights, not the embeddings or the bigram table.
#pragma once

#include <assay/nn/matrix.hpp>
#include <string>
#include <vector>

#include "code_corpus.hpp"
#include "sparse_transformer.hpp"

namespace assay::sparse_weights {

struct WeightRef {
  std::string param;  // e.g. "block1.mlp.up.weight"
  nn::Index row = 0, col = 0;
  bool operator==(const WeightRef&) const = default;
};

// The nonzero circuit weights of a model, in parameter then row-major order.
std::vector<WeightRef> circuit_weights(const Network& net);

struct ImportanceScreen {
  std::vector<WeightRef> sampled;   // the weights whose per-token importance is kept
  Eigen::MatrixXf per_token;        // sampled x tokens: |w dL_t/dw|
  Eigen::VectorXd mean_importance;  // every circuit weight: mean over tokens of |w dL_t/dw|
  Eigen::VectorXd loss;             // per token: L_t of the intact model
};

// The screen over every position of the windows (tokens in window order); `sampled` picks
// which weights keep their per-token row. The backward passes use the parameters' gradients,
// which are left at zero.
ImportanceScreen screen_importance(Network& net, const std::vector<TokenWindow>& windows,
                                   const std::vector<WeightRef>& sampled);

// `count` weights drawn without replacement from `weights` (all of them if fewer).
std::vector<WeightRef> sample_weights(const std::vector<WeightRef>& weights, int count,
                                      nn::Rng& rng);

struct AblationCheck {
  WeightRef weight;
  double screen_mean = 0;  // mean over tokens of the screen |w dL_t/dw|
  double exact_mean = 0;   // mean over tokens of |L_t(w = 0) - L_t|
  double correlation = 0;  // Pearson r over tokens between the two
};

// Exact zero-ablation of each of the screen's first `count` sampled weights.
std::vector<AblationCheck> exact_ablation(Network& net, const std::vector<TokenWindow>& windows,
                                          const ImportanceScreen& screen, int count);

// Per-token next-token losses over the windows, in window order.
Eigen::VectorXd token_losses(const Network& net, const std::vector<TokenWindow>& windows);

}  // namespace assay::sparse_weights
