// Image operations and layers, each a fused operation with its own backward pass.
//
// A batch of N images with C channels of H x W pixels is an (N x C*H*W) matrix: one image per
// row, in torch's NCHW order (channel, then pixel row, then pixel column), so a row reshaped to
// (C, H, W) is the torch tensor of that image. Kernels are square. Weights use torch's layouts
// flattened to 2-d: Conv2d (out x in*k*k), ConvTranspose2d (in x out*k*k).
#pragma once

#include <string>

#include "assay/nn/ops.hpp"

namespace assay::nn {

struct ImageShape {
  Index channels = 1;
  Index height = 1;
  Index width = 1;
  Index pixels() const { return height * width; }
  Index size() const { return channels * height * width; }
  bool operator==(const ImageShape&) const = default;
};

// ---- convolutions (bias (1 x out) or an invalid Var for none)
// Cross-correlation as torch.nn.functional.conv2d, zero padding on every side.
template <class T>
Var<T> conv2d(Var<T> x, ImageShape in, Var<T> weight, Var<T> bias, Index kernel, Index stride = 1,
              Index padding = 0);
ImageShape conv2d_shape(ImageShape in, Index out_channels, Index kernel, Index stride,
                        Index padding);
// The adjoint of conv2d, as torch.nn.functional.conv_transpose2d: output side
// (side - 1) * stride - 2 * padding + kernel + output_padding.
template <class T>
Var<T> conv_transpose2d(Var<T> x, ImageShape in, Var<T> weight, Var<T> bias, Index kernel,
                        Index stride = 1, Index padding = 0, Index output_padding = 0);
ImageShape conv_transpose2d_shape(ImageShape in, Index out_channels, Index kernel, Index stride,
                                  Index padding, Index output_padding = 0);

// ---- pooling and resampling (no padding; windows that do not fit are dropped, as torch)
template <class T>
Var<T> max_pool2d(Var<T> x, ImageShape in, Index kernel, Index stride);
template <class T>
Var<T> avg_pool2d(Var<T> x, ImageShape in, Index kernel, Index stride);
ImageShape pool2d_shape(ImageShape in, Index kernel, Index stride);
// Each pixel repeated factor x factor times (torch's mode "nearest").
template <class T>
Var<T> upsample_nearest(Var<T> x, ImageShape in, Index factor);
// torch's mode "bilinear" with align_corners = false.
template <class T>
Var<T> upsample_bilinear(Var<T> x, ImageShape in, Index factor);
// (C*r*r, H, W) -> (C, H*r, W*r), as torch.nn.functional.pixel_shuffle.
template <class T>
Var<T> pixel_shuffle(Var<T> x, ImageShape in, Index factor);

// ---- normalisation
// Per image, the channels split into `groups` consecutive groups, each normalised over its
// channels and pixels, then channel c scaled by gain(c) and shifted by bias(c) (1 x C each, or
// invalid for none), as torch.nn.functional.group_norm.
template <class T>
Var<T> group_norm(Var<T> x, ImageShape in, Index groups, Var<T> gain, Var<T> bias, T eps = T(1e-5));

// ---- layers (parameters "<name>.weight", "<name>.bias"; initialised as torch's defaults)
template <class T = float>
class Conv2d {
 public:
  Conv2d() = default;
  Conv2d(ParameterSet<T>& params, const std::string& name, Index in_channels, Index out_channels,
         Index kernel, Rng& rng, Index stride = 1, Index padding = 0, bool bias = true);
  Var<T> operator()(Var<T> x, ImageShape in) const;
  ImageShape output_shape(ImageShape in) const;

  Parameter<T>& weight() const { return *weight_; }
  Parameter<T>* bias() const { return bias_; }

 private:
  Parameter<T>* weight_ = nullptr;
  Parameter<T>* bias_ = nullptr;
  Index kernel_ = 1, stride_ = 1, padding_ = 0;
};

template <class T = float>
class ConvTranspose2d {
 public:
  ConvTranspose2d() = default;
  ConvTranspose2d(ParameterSet<T>& params, const std::string& name, Index in_channels,
                  Index out_channels, Index kernel, Rng& rng, Index stride = 1, Index padding = 0,
                  Index output_padding = 0, bool bias = true);
  Var<T> operator()(Var<T> x, ImageShape in) const;
  ImageShape output_shape(ImageShape in) const;

  Parameter<T>& weight() const { return *weight_; }
  Parameter<T>* bias() const { return bias_; }

 private:
  Parameter<T>* weight_ = nullptr;
  Parameter<T>* bias_ = nullptr;
  Index out_channels_ = 1, kernel_ = 1, stride_ = 1, padding_ = 0, output_padding_ = 0;
};

// Gains "<name>.weight" (ones) and shifts "<name>.bias" (zeros), one per channel.
template <class T = float>
class GroupNorm {
 public:
  GroupNorm() = default;
  GroupNorm(ParameterSet<T>& params, const std::string& name, Index groups, Index channels,
            T eps = T(1e-5));
  Var<T> operator()(Var<T> x, ImageShape in) const;

 private:
  Parameter<T>* gain_ = nullptr;
  Parameter<T>* bias_ = nullptr;
  Index groups_ = 1;
  T eps_ = T(1e-5);
};

}  // namespace assay::nn
