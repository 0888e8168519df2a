// A character-level language model on nn::Gpt that reads a window of T characters through one
// of the three stream layouts (stream_layout.hpp). Its parameters are the Gpt's ("tok.weight",
// "block<i>.*", "ln_f.*", "head.*") plus "position.weight" (T x dim, one learned position per
// input character, shared by x_j and r_j so the arms differ only by the learned prediction
// embedding) and, for the interleaved arms, "rho.weight" (1 x dim).
#pragma once

#include <assay/nn/gpt.hpp>
#include <assay/nn/tape.hpp>
#include <vector>

#include "stream_layout.hpp"

namespace assay::state_prediction {

struct ModelSize {
  nn::Index layers = 2;
  nn::Index dim = 48;
  nn::Index heads = 4;
  nn::Index window = 64;  // input characters per window (T)
};

class InterleavedLm {
 public:
  InterleavedLm(Arm arm, ModelSize size, nn::Index vocab, nn::Rng& rng);

  // The stream (batch * length x dim) entering the first block: token or prediction
  // embedding plus position.
  nn::Var<float> input_stream(nn::Tape<float>& tape, const std::vector<int>& inputs,
                              nn::Index batch) const;
  // Logits (batch * T x vocab) at the prediction rows, in window order, from a stream.
  nn::Var<float> prediction_logits(nn::Var<float> stream, nn::Index batch) const;
  // Mean next-character cross-entropy [nats] at the prediction rows; targets < 0 are ignored.
  nn::Var<float> loss(nn::Tape<float>& tape, const std::vector<int>& inputs,
                      const std::vector<int>& targets, nn::Index batch) const;

  const StreamLayout& layout() const { return layout_; }
  const nn::Mat<float>& mask() const { return mask_; }
  nn::ParameterSet<float>& params() { return params_; }
  nn::Gpt<float>& gpt() { return gpt_; }
  const nn::Gpt<float>& gpt() const { return gpt_; }

 private:
  std::vector<int> stream_rows(nn::Index batch) const;
  StreamLayout layout_;
  nn::Mat<float> mask_;
  nn::ParameterSet<float> params_;
  nn::Gpt<float> gpt_;
  nn::Parameter<float>* position_;
  nn::Parameter<float>* rho_;  // null in the standard arm
};

}  // namespace assay::state_prediction
