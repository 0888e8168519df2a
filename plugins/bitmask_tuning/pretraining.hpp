// Pretraining on task A: next-character prediction over the mixed stream of text and 2-digit
// additions, AdamW with warm-up and cosine decay, from a seeded initialisation.
#pragma once

#include <assay/nn/training.hpp>
#include <functional>
#include <string>

#include "language_model.hpp"

namespace assay::bitmask_tuning {

struct PretrainOptions {
  ModelSpec model;
  int steps = 1500;
  int batch = 16;
  double lr = 3e-3;
  double weight_decay = 0.01;
  int warmup = 100;
  int eval_every = 250;
};

struct PretrainResult {
  Pretrained model;
  nn::LossTable losses;  // evaluation loss: on `eval_tokens`
};

// progress(fraction) is called after every step.
PretrainResult pretrain(const std::vector<int>& stream, const std::vector<int>& eval_tokens,
                        const PretrainOptions& options, nn::Rng& rng,
                        const std::function<void(double)>& progress = {});

}  // namespace assay::bitmask_tuning
