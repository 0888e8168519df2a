// Multi-layer perceptrons and gated feed-forward blocks.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "assay/nn/linear.hpp"

namespace assay::nn {

enum class Activation { identity, relu, gelu, silu, tanh, sigmoid };

// Parses "identity", "relu", "gelu", "silu", "tanh" or "sigmoid"; throws
// std::invalid_argument listing the choices otherwise.
Activation parse_activation(std::string_view name);
template <class T>
Var<T> activate(Activation f, Var<T> x);

// Linear layers "<name>.0", "<name>.1", ... of sizes widths[0] -> widths[1] -> ... with
// `hidden` after every layer but the last. Hidden activations are tapped as
// "<name>.hidden<i>" (after the activation).
template <class T = float>
class Mlp {
 public:
  Mlp() = default;
  Mlp(ParameterSet<T>& params, const std::string& name, const std::vector<Index>& widths,
      Activation hidden, Rng& rng);
  Var<T> operator()(Var<T> x) const;

  const std::vector<Linear<T>>& layers() const { return layers_; }

 private:
  std::string name_;
  std::vector<Linear<T>> layers_;
  Activation hidden_ = Activation::relu;
};

// down(silu(gate(x)) * up(x)), bias-free: "<name>.gate", "<name>.up", "<name>.down".
template <class T = float>
class SwiGlu {
 public:
  SwiGlu() = default;
  SwiGlu(ParameterSet<T>& params, const std::string& name, Index dim, Index hidden, Rng& rng);
  Var<T> operator()(Var<T> x) const;

 private:
  Linear<T> gate_, up_, down_;
};

}  // namespace assay::nn
