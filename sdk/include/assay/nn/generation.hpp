// Decoding from a Gpt and scoring given continuations, with per-token log-probabilities.
//
// decode() runs the model over the prompts once and then over one new position per step, with a
// key/value cache (kv_cache.hpp); decode_uncached() reruns it over the whole (last `context`
// tokens of the) sequences at every step. Both condition on the same tokens — the last `context`
// of each sequence — and give the same logits up to rounding (sdk/nn/README.md, "Generation",
// has the measured speed of each).
#pragma once

#include <vector>

#include "assay/nn/gpt.hpp"

namespace assay::nn {

struct DecodeOptions {
  Index new_tokens = 32;
  bool greedy = false;       // the most probable token (lowest index on ties); else a sample
  double temperature = 1.0;  // sampling from softmax(logits / temperature)
  Index top_k = 0;           // > 0: sample among the k most probable tokens only
};

// Per sequence: the tokens appended and two log-probabilities of each, log p(token | prefix)
// under the model (temperature 1, what score_continuations gives) and under the distribution
// it was drawn from (temperature and top-k applied; 0 for greedy choices).
struct Decoded {
  std::vector<std::vector<int>> tokens;
  std::vector<std::vector<double>> model_logprobs;
  std::vector<std::vector<double>> sample_logprobs;
};

// Extends every prompt (all of the same, non-zero length) by options.new_tokens tokens, the
// prompts decoded together as one batch. Deterministic for a given rng state. A model with full
// attention (config.causal false) has no valid cache: it is decoded as decode_uncached does.
template <class T>
Decoded decode(const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
               const DecodeOptions& options, Rng& rng);
// The same without a cache, each step a full forward pass over the window; the reference
// decode() is tested against.
template <class T>
Decoded decode_uncached(const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
                        const DecodeOptions& options, Rng& rng);

// log p(continuation[j] | prompt, continuation[0..j)) for every pair; pairs of equal total
// length are scored in one batch. prompt + continuation must fit in context + 1 tokens, and the
// prompt must not be empty.
template <class T>
std::vector<std::vector<double>> score_continuations(
    const Gpt<T>& model, const std::vector<std::vector<int>>& prompts,
    const std::vector<std::vector<int>>& continuations);

}  // namespace assay::nn
