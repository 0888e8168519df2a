// A decoder-only language model with its own parameters: built fresh from a config, or rebuilt
// from a checkpoint. The three language-model methods (train, eval, generate) share it.
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <assay/nn/gpt.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace assay::stdlib {

class LanguageModel {
 public:
  // A freshly initialised model (weights drawn from rng).
  LanguageModel(const nn::GptConfig& config, nn::Rng& rng);
  // The checkpoint's architecture and parameters; `port` names it in errors.
  LanguageModel(const nn::Checkpoint<float>& checkpoint, const std::string& port);
  // Holds pointers into its own parameter set.
  LanguageModel(const LanguageModel&) = delete;
  LanguageModel& operator=(const LanguageModel&) = delete;

  nn::ParameterSet<float>& params() { return params_; }
  const nn::Gpt<float>& gpt() const { return gpt_; }
  const nn::GptConfig& config() const { return gpt_.config(); }

 private:
  // Draws the weights a checkpoint then overwrites; seeded, so that parameters a checkpoint
  // lacks (kept by load_checkpoint) are still deterministic.
  nn::Rng rebuild_rng_{0};
  nn::ParameterSet<float> params_;
  nn::Gpt<float> gpt_;
};

// The ids as ints, each checked to lie in [0, vocab); throws naming `port`, the offending
// position and value.
std::vector<int> checked_tokens(const std::vector<std::int64_t>& ids, std::int64_t vocab,
                                const std::string& port);

}  // namespace assay::stdlib
