#include "assay/nn/linear.hpp"

#include <cmath>

#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
Linear<T>::Linear(ParameterSet<T>& params, const std::string& name, Index in, Index out, Rng& rng,
                  bool bias) {
  const T bound = T(1) / std::sqrt(static_cast<T>(in));
  weight_ = &params.add(name + ".weight", uniform_matrix<T>(out, in, bound, rng));
  if (bias) bias_ = &params.add(name + ".bias", uniform_matrix<T>(1, out, bound, rng));
}

template <class T>
Var<T> Linear<T>::operator()(Var<T> x) const {
  Tape<T>& tape = x.tape();
  return affine(x, tape.param(*weight_), bias_ ? tape.param(*bias_) : Var<T>());
}

template <class T>
MaskedLinear<T>::MaskedLinear(ParameterSet<T>& params, const std::string& name, Index in, Index out,
                              Rng& rng, bool bias)
    : base_(params, name, in, out, rng, bias), mask_(Mat<T>::Ones(out, in)) {}

template <class T>
MaskedLinear<T>::MaskedLinear(Linear<T> base)
    : base_(base), mask_(Mat<T>::Ones(base.out(), base.in())) {}

template <class T>
Var<T> MaskedLinear<T>::operator()(Var<T> x) const {
  Tape<T>& tape = x.tape();
  const Var<T> w = mul(tape.param(base_.weight()), tape.constant(mask_));
  return affine(x, w, base_.bias() ? tape.param(*base_.bias()) : Var<T>());
}

template <class T>
LoraLinear<T>::LoraLinear(ParameterSet<T>& params, const std::string& name, Linear<T> base,
                          Index rank, T alpha, Rng& rng)
    : base_(base), scale_(alpha / static_cast<T>(rank)) {
  base_.weight().frozen = true;
  if (base_.bias()) base_.bias()->frozen = true;
  const T bound = T(1) / std::sqrt(static_cast<T>(base_.in()));
  a_ = &params.add(name + ".lora_a", uniform_matrix<T>(rank, base_.in(), bound, rng));
  b_ = &params.add(name + ".lora_b", Mat<T>::Zero(base_.out(), rank));
}

template <class T>
Var<T> LoraLinear<T>::operator()(Var<T> x) const {
  Tape<T>& tape = x.tape();
  const Var<T> low = matmul_nt(matmul_nt(x, tape.param(*a_)), tape.param(*b_));
  return add(base_(x), scale(low, scale_));
}

template <class T>
Embedding<T>::Embedding(ParameterSet<T>& params, const std::string& name, Index count, Index dim,
                        Rng& rng)
    : weight_(&params.add(name + ".weight", normal_matrix<T>(count, dim, T(1), rng))) {}

template <class T>
Var<T> Embedding<T>::operator()(Tape<T>& tape, const std::vector<int>& indices) const {
  return gather_rows(tape.param(*weight_), indices);
}

#define ASSAY_NN_INSTANTIATE(T)   \
  template class Linear<T>;       \
  template class MaskedLinear<T>; \
  template class LoraLinear<T>;   \
  template class Embedding<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
