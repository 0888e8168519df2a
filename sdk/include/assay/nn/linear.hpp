// Affine layers and embeddings. Weights use PyTorch's layout, (out x in), so state can be
// exchanged with torch; names are "<name>.weight", "<name>.bias", ...
// Initialisation follows torch.nn.Linear: U(-1/sqrt(in), 1/sqrt(in)) for weight and bias.
#pragma once

#include <string>

#include "assay/nn/ops.hpp"

namespace assay::nn {

template <class T = float>
class Linear {
 public:
  Linear() = default;
  Linear(ParameterSet<T>& params, const std::string& name, Index in, Index out, Rng& rng,
         bool bias = true);
  // A Linear over existing parameters (e.g. an unembedding tied to the token embedding).
  explicit Linear(Parameter<T>& weight, Parameter<T>* bias = nullptr)
      : weight_(&weight), bias_(bias) {}
  Var<T> operator()(Var<T> x) const;

  Parameter<T>& weight() const { return *weight_; }
  Parameter<T>* bias() const { return bias_; }  // null without bias
  Index in() const { return weight_->value.cols(); }
  Index out() const { return weight_->value.rows(); }

 private:
  Parameter<T>* weight_ = nullptr;
  Parameter<T>* bias_ = nullptr;
};

// A Linear whose weight is multiplied by a fixed 0/1 mask (out x in) on every use, so masked
// weights neither act nor receive gradient. The mask can change between steps.
template <class T = float>
class MaskedLinear {
 public:
  MaskedLinear() = default;
  MaskedLinear(ParameterSet<T>& params, const std::string& name, Index in, Index out, Rng& rng,
               bool bias = true);
  // Masks an existing layer's weight.
  explicit MaskedLinear(Linear<T> base);
  Var<T> operator()(Var<T> x) const;

  Linear<T>& base() { return base_; }
  Mat<T>& mask() { return mask_; }  // starts all ones

 private:
  Linear<T> base_;
  Mat<T> mask_;
};

// Low-rank adaptation of a Linear: y = base(x) + (alpha / rank) x A^T B^T with A (rank x in)
// ~ U(-1/sqrt(in), 1/sqrt(in)) and B (out x rank) = 0, so training starts at the base model. The
// constructor freezes the base's parameters; names are "<name>.lora_a", "<name>.lora_b".
template <class T = float>
class LoraLinear {
 public:
  LoraLinear() = default;
  LoraLinear(ParameterSet<T>& params, const std::string& name, Linear<T> base, Index rank, T alpha,
             Rng& rng);
  Var<T> operator()(Var<T> x) const;

  Parameter<T>& a() const { return *a_; }
  Parameter<T>& b() const { return *b_; }
  const Linear<T>& base() const { return base_; }

 private:
  Linear<T> base_;
  Parameter<T>* a_ = nullptr;
  Parameter<T>* b_ = nullptr;
  T scale_ = T(1);
};

// A table of `count` vectors of size `dim` ~ N(0, 1) (torch.nn.Embedding), "<name>.weight".
template <class T = float>
class Embedding {
 public:
  Embedding() = default;
  Embedding(ParameterSet<T>& params, const std::string& name, Index count, Index dim, Rng& rng);
  // One row per index: (indices.size() x dim).
  Var<T> operator()(Tape<T>& tape, const std::vector<int>& indices) const;

  Parameter<T>& weight() const { return *weight_; }

 private:
  Parameter<T>* weight_ = nullptr;
};

}  // namespace assay::nn
