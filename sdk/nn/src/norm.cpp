#include "assay/nn/norm.hpp"

#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
LayerNorm<T>::LayerNorm(ParameterSet<T>& params, const std::string& name, Index dim, T eps)
    : gain_(&params.add(name + ".weight", Mat<T>::Ones(1, dim))),
      bias_(&params.add(name + ".bias", Mat<T>::Zero(1, dim))),
      eps_(eps) {}

template <class T>
Var<T> LayerNorm<T>::operator()(Var<T> x) const {
  return layer_norm(x, x.tape().param(*gain_), x.tape().param(*bias_), eps_);
}

template <class T>
RmsNorm<T>::RmsNorm(ParameterSet<T>& params, const std::string& name, Index dim, T eps)
    : gain_(&params.add(name + ".weight", Mat<T>::Ones(1, dim))), eps_(eps) {}

template <class T>
Var<T> RmsNorm<T>::operator()(Var<T> x) const {
  return rms_norm(x, x.tape().param(*gain_), eps_);
}

#define ASSAY_NN_INSTANTIATE(T) \
  template class LayerNorm<T>;  \
  template class RmsNorm<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
