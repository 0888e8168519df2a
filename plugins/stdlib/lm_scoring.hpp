// Scoring a token array under a language model: the log-probability of every token given the
// ones before it in its window, over non-overlapping windows of the model's context.
#pragma once

#include <assay/nn/gpt.hpp>
#include <vector>

namespace assay::stdlib {

struct WindowScores {
  // Row w: log p(tokens[w*C + j + 1] | tokens[w*C .. w*C + j]) for j < C (C = context), nats.
  nn::Mat<double> logprobs;
  double loss = 0;  // mean of -logprobs
};

// The first min(max_windows, (size - 1) / context) windows, `batch` at a time. Throws
// std::invalid_argument if the array holds no whole window (fewer than context + 1 tokens).
WindowScores score_windows(const nn::Gpt<float>& gpt, const std::vector<int>& tokens,
                           nn::Index batch, nn::Index max_windows);

}  // namespace assay::stdlib
