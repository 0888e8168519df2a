// The decoder configuration the tests use to exercise every option at once.
#pragma once

#include "assay/nn/gpt.hpp"

namespace assay::nn::testing {

// `c` with every option switched from its default: RMSNorm, SwiGLU, no biases, no positions,
// tied unembedding, the bigram table and the attention sink.
inline GptConfig with_every_option(GptConfig c) {
  c.norm = NormKind::rms;
  c.mlp = MlpKind::swiglu;
  c.bias = false;
  c.learned_positions = false;
  c.tied_unembedding = true;
  c.bigram = true;
  c.attention_sink = true;
  return c;
}

}  // namespace assay::nn::testing
