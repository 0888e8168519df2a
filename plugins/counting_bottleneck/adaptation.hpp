// Repairs of the digit readout of a pretrained counting model, on the same explicit items and
// budget (Adam, same steps, batch and learning rate; cross-entropy of the answer digit only):
//
//   probe       ΔW_U = B Aᵀ (LoRA on the unembedding), A's rank directions the count probes'
//               (probe_directions), scaled to the norm of LoRA's random init; B = 0
//   random      the same LoRA with A at LoRA's random init
//   digit_rows  W_U's ten digit rows trained directly, every other weight frozen
//   qv          LoRA of the same rank on the query and value projections of every block
//
// Evaluated on held-out items before and after (constrained digit choice and free greedy
// generation, answer_accuracy), with the loss on held-out sequences that ask for no digit count
// (word counts and digit sequences) and the exact number of scalars that training can change.
#pragma once

#include <string>

#include "answer_accuracy.hpp"

namespace assay::counting_bottleneck {

enum class Arm { probe, random, digit_rows, qv };
Arm arm_of(const std::string& name);  // throws naming the arm and the choices
const char* arm_name(Arm arm);

struct AdaptOptions {
  Arm arm = Arm::probe;
  int rank = 2;
  int steps = 200;
  int batch = 32;
  double lr = 1e-2;
};

struct AdaptData {
  std::vector<Sequence> train, test;  // explicit items
  std::vector<Sequence> other;        // word and digit sequences
};
AdaptData adapt_data(int train_per_count, int test_per_count, int other, Rng& rng);

// A held-out loss before and after adaptation, and its relative change (after - before) / before.
struct LossChange {
  double before = 0, after = 0, change = 0;
};

struct AdaptResult {
  AnswerAccuracy before, after;
  LossChange other;           // all word and digit sequences
  LossChange words, digits;   // each source alone
  long trainable = 0;         // scalars training can change
  long model_parameters = 0;  // scalars of the pretrained model
  double fraction = 0;        // trainable / model_parameters
  nn::LossTable history;
};

// A copy of the model with its own parameters.
CountingModel clone(const CountingModel& model);

// Adapts `model` in place. directions: dim x >= rank, orthonormal (used by the probe arm).
AdaptResult adapt(CountingModel& model, const Eigen::MatrixXd& directions, const AdaptData& data,
                  const AdaptOptions& options, Rng& rng);

}  // namespace assay::counting_bottleneck
