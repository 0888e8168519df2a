#include "interleaved_lm.hpp"

#include <assay/nn/ops.hpp>
#include <stdexcept>
#include <string>

namespace assay::state_prediction {
namespace {

// GPT-2's embedding initialisation.
constexpr float kEmbeddingStd = 0.02f;

void require_shape(const ModelSize& size, nn::Index vocab) {
  auto fail = [](const std::string& what) { throw std::invalid_argument(what); };
  if (size.layers < 1) fail("layers: " + std::to_string(size.layers) + " must be at least 1");
  if (size.heads < 1 || size.dim % size.heads != 0)
    fail("dim: " + std::to_string(size.dim) + " is not a multiple of heads " +
         std::to_string(size.heads));
  if (vocab < 2) fail("vocab_size: " + std::to_string(vocab) + " must be at least 2");
}

nn::GptConfig gpt_config(const StreamLayout& layout, const ModelSize& size, nn::Index vocab) {
  require_shape(size, vocab);
  nn::GptConfig c;
  c.vocab = vocab;
  c.context = layout.length();
  c.dim = size.dim;
  c.heads = size.heads;
  c.layers = size.layers;
  c.learned_positions = false;  // the positions are ours: x_j and r_j share position j
  return c;
}

}  // namespace

InterleavedLm::InterleavedLm(Arm arm, ModelSize size, nn::Index vocab, nn::Rng& rng)
    : layout_(arm, size.window),
      mask_(layout_.mask()),
      gpt_(params_, gpt_config(layout_, size, vocab), rng),
      position_(&params_.add("position.weight",
                             nn::normal_matrix<float>(size.window, size.dim, kEmbeddingStd, rng))),
      rho_(arm == Arm::standard
               ? nullptr
               : &params_.add("rho.weight",
                              nn::normal_matrix<float>(1, size.dim, kEmbeddingStd, rng))) {}

// For each stream row, the row of [token embeddings (batch * T); rho] it takes.
std::vector<int> InterleavedLm::stream_rows(nn::Index batch) const {
  const nn::Index t = layout_.window(), n = layout_.length();
  std::vector<int> rows(static_cast<std::size_t>(batch * n), static_cast<int>(batch * t));
  for (nn::Index b = 0; b < batch; ++b)
    for (nn::Index j = 0; j < t; ++j)
      rows[static_cast<std::size_t>(b * n + layout_.state_row(j))] = static_cast<int>(b * t + j);
  return rows;
}

nn::Var<float> InterleavedLm::input_stream(nn::Tape<float>& tape, const std::vector<int>& inputs,
                                           nn::Index batch) const {
  const nn::Index t = layout_.window(), n = layout_.length();
  if (static_cast<nn::Index>(inputs.size()) != batch * t)
    throw std::invalid_argument("inputs: " + std::to_string(inputs.size()) + " tokens, expected " +
                                std::to_string(batch * t) + " (batch x context)");
  std::vector<int> positions(static_cast<std::size_t>(batch * n));
  for (nn::Index r = 0; r < batch * n; ++r)
    positions[static_cast<std::size_t>(r)] = static_cast<int>((r % n) / (n / t));
  const nn::Var<float> tokens = gpt_.embed(tape, inputs);
  const nn::Var<float> steps =
      layout_.arm() == Arm::standard
          ? tokens
          : nn::gather_rows(nn::concat_rows<float>({tokens, tape.param(*rho_)}),
                            stream_rows(batch));
  return nn::add(steps, nn::gather_rows(tape.param(*position_), positions));
}

nn::Var<float> InterleavedLm::prediction_logits(nn::Var<float> stream, nn::Index batch) const {
  const nn::Var<float> hidden = gpt_.transform(stream, batch, mask_);
  if (layout_.arm() == Arm::standard) return gpt_.unembed(hidden);
  const nn::Index t = layout_.window(), n = layout_.length();
  std::vector<int> rows;
  rows.reserve(static_cast<std::size_t>(batch * t));
  for (nn::Index b = 0; b < batch; ++b)
    for (nn::Index j = 0; j < t; ++j)
      rows.push_back(static_cast<int>(b * n + layout_.prediction_row(j)));
  return gpt_.unembed(nn::gather_rows(hidden, rows));
}

nn::Var<float> InterleavedLm::loss(nn::Tape<float>& tape, const std::vector<int>& inputs,
                                   const std::vector<int>& targets, nn::Index batch) const {
  return nn::cross_entropy(prediction_logits(input_stream(tape, inputs, batch), batch), targets);
}

}  // namespace assay::state_prediction
