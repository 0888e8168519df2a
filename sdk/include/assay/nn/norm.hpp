// Normalisation layers with learned gains: "<name>.weight" (ones) and, for LayerNorm,
// "<name>.bias" (zeros), as torch.nn.LayerNorm.
#pragma once

#include <string>

#include "assay/nn/ops.hpp"

namespace assay::nn {

template <class T = float>
class LayerNorm {
 public:
  LayerNorm() = default;
  LayerNorm(ParameterSet<T>& params, const std::string& name, Index dim, T eps = T(1e-5));
  Var<T> operator()(Var<T> x) const;

 private:
  Parameter<T>* gain_ = nullptr;
  Parameter<T>* bias_ = nullptr;
  T eps_ = T(1e-5);
};

template <class T = float>
class RmsNorm {
 public:
  RmsNorm() = default;
  RmsNorm(ParameterSet<T>& params, const std::string& name, Index dim, T eps = T(1e-6));
  Var<T> operator()(Var<T> x) const;

 private:
  Parameter<T>* gain_ = nullptr;
  T eps_ = T(1e-6);
};

}  // namespace assay::nn
