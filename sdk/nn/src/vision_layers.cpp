#include <cmath>

#include "assay/nn/vision.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

// torch's default for convolutions (kaiming_uniform with a = sqrt(5), and the bias):
// U(-1/sqrt(fan_in), 1/sqrt(fan_in)), fan_in = weight.size(1) * kernel^2.
template <class T>
T fan_in_bound(Index fan_in) {
  return T(1) / std::sqrt(static_cast<T>(fan_in));
}

template <class T>
Var<T> optional_param(Tape<T>& tape, Parameter<T>* p) {
  return p ? tape.param(*p) : Var<T>();
}

}  // namespace

template <class T>
Conv2d<T>::Conv2d(ParameterSet<T>& params, const std::string& name, Index in_channels,
                  Index out_channels, Index kernel, Rng& rng, Index stride, Index padding,
                  bool bias)
    : kernel_(kernel), stride_(stride), padding_(padding) {
  const T bound = fan_in_bound<T>(in_channels * kernel * kernel);
  weight_ = &params.add(name + ".weight",
                        uniform_matrix<T>(out_channels, in_channels * kernel * kernel, bound, rng));
  if (bias) bias_ = &params.add(name + ".bias", uniform_matrix<T>(1, out_channels, bound, rng));
}

template <class T>
Var<T> Conv2d<T>::operator()(Var<T> x, ImageShape in) const {
  Tape<T>& tape = x.tape();
  return conv2d(x, in, tape.param(*weight_), optional_param(tape, bias_), kernel_, stride_,
                padding_);
}

template <class T>
ImageShape Conv2d<T>::output_shape(ImageShape in) const {
  return conv2d_shape(in, weight_->value.rows(), kernel_, stride_, padding_);
}

template <class T>
ConvTranspose2d<T>::ConvTranspose2d(ParameterSet<T>& params, const std::string& name,
                                    Index in_channels, Index out_channels, Index kernel, Rng& rng,
                                    Index stride, Index padding, Index output_padding, bool bias)
    : out_channels_(out_channels),
      kernel_(kernel),
      stride_(stride),
      padding_(padding),
      output_padding_(output_padding) {
  const T bound = fan_in_bound<T>(out_channels * kernel * kernel);
  weight_ = &params.add(name + ".weight",
                        uniform_matrix<T>(in_channels, out_channels * kernel * kernel, bound, rng));
  if (bias) bias_ = &params.add(name + ".bias", uniform_matrix<T>(1, out_channels, bound, rng));
}

template <class T>
Var<T> ConvTranspose2d<T>::operator()(Var<T> x, ImageShape in) const {
  Tape<T>& tape = x.tape();
  return conv_transpose2d(x, in, tape.param(*weight_), optional_param(tape, bias_), kernel_,
                          stride_, padding_, output_padding_);
}

template <class T>
ImageShape ConvTranspose2d<T>::output_shape(ImageShape in) const {
  return conv_transpose2d_shape(in, out_channels_, kernel_, stride_, padding_, output_padding_);
}

template <class T>
GroupNorm<T>::GroupNorm(ParameterSet<T>& params, const std::string& name, Index groups,
                        Index channels, T eps)
    : gain_(&params.add(name + ".weight", Mat<T>::Ones(1, channels))),
      bias_(&params.add(name + ".bias", Mat<T>::Zero(1, channels))),
      groups_(groups),
      eps_(eps) {}

template <class T>
Var<T> GroupNorm<T>::operator()(Var<T> x, ImageShape in) const {
  Tape<T>& tape = x.tape();
  return group_norm(x, in, groups_, tape.param(*gain_), tape.param(*bias_), eps_);
}

#define ASSAY_NN_INSTANTIATE(T)      \
  template class Conv2d<T>;          \
  template class ConvTranspose2d<T>; \
  template class GroupNorm<T>;
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
