// Multi-head self-attention and the pre-norm transformer block.
#pragma once

#include <string>

#include "assay/nn/linear.hpp"
#include "assay/nn/mlp.hpp"
#include "assay/nn/norm.hpp"

namespace assay::nn {

// Projections "<name>.q", "<name>.k", "<name>.v", "<name>.o" (dim x dim, with bias). Input:
// `batch` stacked sequences, (batch*T x dim). Attention probabilities are observable through
// the tape hook "<name>.probs" (see attention() for their layout).
template <class T = float>
class MultiHeadAttention {
 public:
  MultiHeadAttention() = default;
  MultiHeadAttention(ParameterSet<T>& params, const std::string& name, Index dim, Index heads,
                     Rng& rng);
  // mask: additive T x T (causal_mask(T)), or empty for full attention.
  Var<T> operator()(Var<T> x, Index batch, const Mat<T>& mask) const;

  Index heads() const { return heads_; }

 private:
  std::string name_;
  Linear<T> q_, k_, v_, o_;
  Index heads_ = 1;
};

// x + attn(ln1(x)), then + mlp(ln2(x)) with a GELU MLP dim -> hidden -> dim. Parameters:
// "<name>.ln1", "<name>.attn", "<name>.ln2", "<name>.mlp.0", "<name>.mlp.1". Tapped points:
// "<name>.attn_out", "<name>.resid_mid", "<name>.mlp_hidden", "<name>.mlp_out", "<name>.out".
template <class T = float>
class TransformerBlock {
 public:
  TransformerBlock() = default;
  TransformerBlock(ParameterSet<T>& params, const std::string& name, Index dim, Index heads,
                   Index hidden, Rng& rng);
  Var<T> operator()(Var<T> x, Index batch, const Mat<T>& mask) const;

 private:
  std::string name_;
  LayerNorm<T> ln1_, ln2_;
  MultiHeadAttention<T> attn_;
  Linear<T> fc1_, fc2_;
};

}  // namespace assay::nn
