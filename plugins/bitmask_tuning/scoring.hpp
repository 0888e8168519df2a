// How a model is scored on the tasks: exact match of greedy answers, the mean next-character
// loss on held-out text, and the supervised (SFT) loss on problems, which counts only the
// answer and its newline.
#pragma once

#include <assay/nn/gpt.hpp>
#include <vector>

#include "addition_tasks.hpp"

namespace assay::bitmask_tuning {

// Fraction of the problems whose greedy continuation of the prompt is exactly answer + "\n"
// (prompts of equal length are decoded as one batch; the model runs without gradients).
double exact_match(const nn::Gpt<float>& model, const std::vector<Problem>& problems);

// Mean next-token cross-entropy [nats] over the non-overlapping windows of context + 1 tokens
// of `tokens` (at most max_windows of them, from the start).
double text_loss(const nn::Gpt<float>& model, const std::vector<int>& tokens, int max_windows);

// One row per problem, padded to the longest line: inputs are the line's tokens, targets the
// next token where it belongs to the answer or the final newline and -1 elsewhere.
struct SftBatch {
  std::vector<int> inputs, targets;
  nn::Index rows = 0;
};
SftBatch sft_batch(const std::vector<Problem>& problems);

// The SFT loss of the problems (mean over answer tokens and newlines [nats]), without gradients.
double answer_loss(const nn::Gpt<float>& model, const std::vector<Problem>& problems);

}  // namespace assay::bitmask_tuning
