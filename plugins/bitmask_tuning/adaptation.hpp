// Adapting the pretrained model to task B by supervised fine-tuning (SFT) on B's answers, one
// arm at a time, with task A measured along the way: full fine-tuning, LoRA on the gate
// projections, Bit-Mask Tuning of the gate projections, and the two deletion controls at
// Bit-Mask Tuning's budget (which do not train).
#pragma once

#include <functional>
#include <vector>

#include "addition_tasks.hpp"
#include "language_model.hpp"

namespace assay::bitmask_tuning {

enum class Arm { full, lora, bit_mask, random_deletion, magnitude_deletion };

struct AdaptOptions {
  Arm arm = Arm::bit_mask;
  double rho = 0.005;  // deletion budget: a fraction of all gate weights (bit_mask, deletions)
  int lora_rank = 4;
  double lora_alpha = 8;
  int steps = 300;
  int batch = 32;
  double lr = 1e-3;        // Adam, full and LoRA
  double score_lr = 1e-2;  // Adam on the scores, bit_mask
  double score_init = 0.05;
  int eval_every = 50;
};

// What adaptation is measured on: held-out problems of both tasks and held-out A text.
struct Evaluation {
  std::vector<Problem> a_problems, b_problems;
  std::vector<int> a_text;
  int text_windows = 32;
};

struct EvalRow {
  long step = 0;
  double train_loss = 0;  // mean SFT loss of the steps since the previous row (NaN at step 0)
  double b_accuracy = 0, b_loss = 0;  // on the held-out B problems (answer_loss)
  double a_accuracy = 0, a_text_loss = 0;
  long zeroed = 0;  // gate weights whose effective value is 0 and was not before
};

struct AdaptResult {
  std::vector<EvalRow> history;      // the first row is the pretrained model (step 0)
  nn::Index gate_weights = 0;        // in all gate projections together
  nn::Index model_weights = 0;       // every parameter of the pretrained model
  nn::Index adapter_bits = 0;        // what the arm must store to rebuild its model from the base
  nn::Matrix gate_base, gate_delta;  // effective gate weights, layers stacked by rows
};

AdaptResult adapt(const Pretrained& pretrained, const std::vector<Problem>& b_train,
                  const Evaluation& evaluation, const AdaptOptions& options, nn::Rng& rng,
                  const std::function<void(double)>& progress = {});

}  // namespace assay::bitmask_tuning
