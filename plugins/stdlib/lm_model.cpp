#include "lm_model.hpp"

#include <stdexcept>

namespace assay::stdlib {

namespace {

nn::GptConfig checkpoint_architecture(const nn::Checkpoint<float>& checkpoint,
                                      const std::string& port) {
  try {
    return nn::gpt_config(checkpoint.config);
  } catch (const std::exception& e) {
    throw std::invalid_argument(port + ": not a GPT checkpoint (" + e.what() + ")");
  }
}

}  // namespace

LanguageModel::LanguageModel(const nn::GptConfig& config, nn::Rng& rng)
    : gpt_(params_, config, rng) {}

LanguageModel::LanguageModel(const nn::Checkpoint<float>& checkpoint, const std::string& port)
    : gpt_(params_, checkpoint_architecture(checkpoint, port), rebuild_rng_) {
  try {
    nn::load_checkpoint(checkpoint, params_);
  } catch (const std::exception& e) {
    throw std::invalid_argument(port + ": " + e.what());
  }
}

std::vector<int> checked_tokens(const std::vector<std::int64_t>& ids, std::int64_t vocab,
                                const std::string& port) {
  std::vector<int> out;
  out.reserve(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0 || ids[i] >= vocab)
      throw std::invalid_argument(port + ": token " + std::to_string(i) + " is " +
                                  std::to_string(ids[i]) + ", outside the model's vocabulary [0, " +
                                  std::to_string(vocab) + ")");
    out.push_back(static_cast<int>(ids[i]));
  }
  return out;
}

}  // namespace assay::stdlib
