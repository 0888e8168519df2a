// Next-token training of a decoder on a token array: AdamW (decay on matrices only), gradient
// clipping, a warmup-cosine schedule, evaluation on held-out tokens every N steps. Training
// continues from a checkpoint exactly: its architecture, parameters, optimiser state, step count
// and batch stream are restored, so 2N steps in one run equal N + N steps in two.
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <assay/nn/training.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace assay::stdlib {

struct LmTrainOptions {
  nn::GptConfig model{.vocab = 0, .context = 64, .dim = 64, .heads = 4, .layers = 2};
  long steps = 200;
  long batch = 16;
  double lr = 3e-3;
  long warmup = 20;
  std::optional<long> schedule_steps;  // unset: the run's last step (continuations included)
  double min_lr = 3e-4;
  double weight_decay = 0.1;
  double beta1 = 0.9;
  double beta2 = 0.95;
  double clip = 1.0;  // max global gradient norm; 0: none
  long eval_every = 50;
  long eval_batches = 8;
};

// What the trainer tells its caller as it goes.
struct LmTrainEvents {
  std::function<void(double fraction)> progress;
  std::function<void(long step, double train_loss, double eval_loss)> evaluated;
};

struct LmTrainResult {
  nn::Checkpoint<float> model;  // with optimiser state and the settings a continuation needs
  nn::LossTable losses;
  std::int64_t tokens_seen = 0;  // training tokens over all runs of this model
};

// The settings a checkpoint's `training` record carries.
inline constexpr const char* batch_seed_setting = "batch_seed";
inline constexpr const char* steps_setting = "steps";
inline constexpr const char* tokens_seen_setting = "tokens_seen";

// Trains options.steps steps on `tokens`, from `init` when given (its architecture replaces
// options.model; model.vocab = 0 means 1 + the largest id seen). `seed` draws the initial weights
// and, for a fresh model, the batch stream. Throws std::invalid_argument naming the bad input or
// param.
LmTrainResult train_lm(const LmTrainOptions& options, const std::vector<std::int64_t>& tokens,
                       const std::optional<std::vector<std::int64_t>>& validation,
                       const std::optional<nn::Checkpoint<float>>& init, std::uint64_t seed,
                       const LmTrainEvents& events = {});

// Mean next-token loss over the first `batches` contiguous batches of `tokens` (fewer if the
// array has fewer windows).
double mean_window_loss(const nn::Gpt<float>& gpt, const nn::TokenBatches& windows, long batches);

}  // namespace assay::stdlib
