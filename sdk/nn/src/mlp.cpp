#include "assay/nn/mlp.hpp"

#include <stdexcept>

#include "tape_impl.hpp"

namespace assay::nn {

Activation parse_activation(std::string_view name) {
  static constexpr std::pair<std::string_view, Activation> choices[] = {
      {"identity", Activation::identity}, {"relu", Activation::relu},
      {"gelu", Activation::gelu},         {"silu", Activation::silu},
      {"tanh", Activation::tanh},         {"sigmoid", Activation::sigmoid}};
  for (auto [n, f] : choices) {
    if (n == name) return f;
  }
  throw std::invalid_argument("assay::nn: unknown activation '" + std::string(name) +
                              "'; use identity, relu, gelu, silu, tanh or sigmoid");
}

template <class T>
Var<T> activate(Activation f, Var<T> x) {
  switch (f) {
    case Activation::identity:
      return x;
    case Activation::relu:
      return relu(x);
    case Activation::gelu:
      return gelu(x);
    case Activation::silu:
      return silu(x);
    case Activation::tanh:
      return tanh(x);
    case Activation::sigmoid:
      return sigmoid(x);
  }
  return x;
}

template <class T>
Mlp<T>::Mlp(ParameterSet<T>& params, const std::string& name, const std::vector<Index>& widths,
            Activation hidden, Rng& rng)
    : name_(name), hidden_(hidden) {
  if (widths.size() < 2) throw std::invalid_argument("assay::nn: Mlp needs at least two widths");
  for (std::size_t i = 0; i + 1 < widths.size(); ++i) {
    layers_.emplace_back(params, name + "." + std::to_string(i), widths[i], widths[i + 1], rng);
  }
}

template <class T>
Var<T> Mlp<T>::operator()(Var<T> x) const {
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    x = layers_[i](x);
    if (i + 1 < layers_.size()) {
      x = x.tape().tap(name_ + ".hidden" + std::to_string(i), activate(hidden_, x));
    }
  }
  return x;
}

template <class T>
SwiGlu<T>::SwiGlu(ParameterSet<T>& params, const std::string& name, Index dim, Index hidden,
                  Rng& rng)
    : gate_(params, name + ".gate", dim, hidden, rng, false),
      up_(params, name + ".up", dim, hidden, rng, false),
      down_(params, name + ".down", hidden, dim, rng, false) {}

template <class T>
Var<T> SwiGlu<T>::operator()(Var<T> x) const {
  return down_(mul(silu(gate_(x)), up_(x)));
}

#define ASSAY_NN_INSTANTIATE(T)                 \
  template Var<T> activate(Activation, Var<T>); \
  template class Mlp<T>;                        \
  template class SwiGlu<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
