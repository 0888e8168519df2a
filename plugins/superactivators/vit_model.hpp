// A tiny vision transformer over square RGB scenes: 4x4-pixel patches embedded linearly, the nn
// kit's Gpt with full (non-causal) attention and learned positions, then a linear classifier of
// the mean-pooled final tokens. Its forward pass exposes what the concept analysis reads: every
// layer's token states and every head's write into the residual stream, optionally with heads
// ablated (their attention output zeroed).
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <assay/nn/gpt.hpp>
#include <memory>
#include <utility>
#include <vector>

namespace assay::superactivators {

using nn::Index;
using nn::Matrix;

struct VitShape {
  int size = 32;  // pixels per side
  int patch = 4;  // pixels per patch side
  int dim = 64;
  int layers = 4;
  int heads = 4;
  int classes = 3;
  int tokens() const { return (size / patch) * (size / patch); }
};

// (n x size*size*3) row-major images (pixel row, pixel column, channel) to (n*tokens x
// patch*patch*3) patch rows, tokens in row-major patch order.
Matrix patchify(const std::vector<double>& images, int count, int size, int patch);

// Layer 0 is the embedding (patches + positions), layer l >= 1 the output of block l - 1.
struct TokenStates {
  std::vector<Matrix> layers;               // layers + 1, each (n*tokens x dim)
  std::vector<std::vector<Matrix>> writes;  // [block][head]: (n*tokens x dim), the head's
                                            // share of the attention output projection
  Matrix logits;                            // n x classes
};

using HeadId = std::pair<int, int>;  // (block, head)

class Vit {
 public:
  Vit(VitShape shape, nn::Rng& rng);
  explicit Vit(const nn::Checkpoint<float>& checkpoint);
  Vit(Vit&&) noexcept;
  ~Vit();

  const VitShape& shape() const { return shape_; }
  nn::ParameterSet<float>& params() { return *params_; }
  nn::Checkpoint<float> checkpoint() const;

  // Class logits of `batch` images given as patch rows, recorded on the tape for training.
  nn::Var<float> logits(nn::Tape<float>& tape, const Matrix& patches, Index batch) const;
  // Evaluation in chunks of `chunk` images; `ablated` heads have their attention output zeroed.
  TokenStates states(const Matrix& patches, Index count, const std::vector<HeadId>& ablated = {},
                     Index chunk = 64) const;

 private:
  VitShape shape_;
  std::unique_ptr<nn::ParameterSet<float>> params_;
  std::unique_ptr<nn::Gpt<float>> gpt_;
  nn::Linear<float> embed_, classify_;
};

}  // namespace assay::superactivators
