// Training one arm on a character stream: AdamW (decay on matrices only) with linear warm-up and
// cosine decay to a tenth of the peak, gradient clipping, and validation bits per character at
// fixed windows every eval_every steps, against characters seen and measured FLOPs.
#pragma once

#include <assay/nn/optim.hpp>
#include <assay/nn/training.hpp>
#include <cstdint>
#include <functional>
#include <vector>

#include "interleaved_lm.hpp"
#include "step_flops.hpp"

namespace assay::state_prediction {

struct TrainOptions {
  long steps = 300;
  nn::Index batch = 16;
  double lr = 3e-3;
  long warmup = 30;
  double weight_decay = 0.1;
  double clip = 1.0;      // max global gradient norm
  long eval_every = 100;  // 0: evaluate after the last step only
  long eval_batches = 4;  // validation windows: eval_batches x batch, the same at every row
};

struct CurveRow {
  long step = 0;
  double characters = 0;       // training characters predicted so far (step x batch x T)
  double flops = 0;            // step x the measured FLOPs of a step
  double train_bits = 0;       // mean training loss since the previous row [bits/char]
  double validation_bits = 0;  // [bits/char]
};

struct TrainResult {
  std::vector<CurveRow> curve;  // a row at step 0 (before training), then every eval_every
  StepFlops step_flops;
  nn::Index parameters = 0;
};

// One AdamW step at a time on the model's parameters, with train_lm's schedule and clipping.
class Trainer {
 public:
  Trainer(InterleavedLm& model, const TrainOptions& options);
  // Step s (from 1) on one batch; returns its loss [nats] before the update.
  double step(long s, const nn::TokenBatch& batch);

 private:
  InterleavedLm& model_;
  TrainOptions options_;
  nn::Adam<float> adam_;
  nn::Tape<float> tape_;
};

// Mean next-character loss [bits/char] over the first `batches` contiguous batches.
double validation_bits(const InterleavedLm& model, const nn::TokenBatches& windows, long batches);

// The progress callback sees each curve row as it is made (for logs and cancellation).
TrainResult train_lm(InterleavedLm& model, const std::vector<int>& train,
                     const std::vector<int>& validation, const TrainOptions& options,
                     std::uint64_t seed, const std::function<void(const CurveRow&)>& on_row = {});

}  // namespace assay::state_prediction
