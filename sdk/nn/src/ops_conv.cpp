// 2-d convolution and transposed convolution through per-image unfolding (im2col) and one
// matrix product per image; both backward passes are the same two products transposed.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "assay/nn/vision.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

// A convolution's geometry: an image (channels x height x width) read by a kernel x kernel
// window at `stride` with `padding`, giving out_h x out_w window positions.
struct Windows {
  ImageShape image;
  Index kernel, stride, padding, out_h, out_w;
  Index rows() const { return image.channels * kernel * kernel; }  // unfolded rows
  Index cols() const { return out_h * out_w; }                     // one per position
};

Windows windows(ImageShape image, Index kernel, Index stride, Index padding, const char* op) {
  if (kernel <= 0 || stride <= 0 || padding < 0) {
    throw std::invalid_argument(std::string("assay::nn: ") + op +
                                ": kernel and stride must be positive, padding >= 0");
  }
  const Index h = image.height + 2 * padding - kernel, w = image.width + 2 * padding - kernel;
  if (h < 0 || w < 0) {
    throw_shape_error(op, image.height, image.width, kernel, kernel);
  }
  return {image, kernel, stride, padding, h / stride + 1, w / stride + 1};
}

// The output indices [lo, hi) whose window tap at `offset` (kernel index - padding) falls
// inside an image side of `size`: 0 <= o * stride + offset < size.
std::pair<Index, Index> inside(Index offset, Index size, Index outputs, Index stride) {
  const Index last = size - 1 - offset;
  const Index lo = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  const Index hi = last < 0 ? 0 : std::min(outputs, last / stride + 1);
  return {lo, std::max(lo, hi)};
}

// For one kernel tap (c, ki, kj), the block of window positions inside the image and the
// matching pixels: positions (oy, ox) in [y.first, y.second) x [x.first, x.second) read pixel
// (oy * stride + ki - padding, ox * stride + kj - padding) of channel c. One block operation per
// tap, rather than per output row, keeps the loops' overhead off small images.
struct Tap {
  Index row;  // the unfolded row
  std::pair<Index, Index> y, x;
  Index first_pixel;  // of the block's top-left position, within the stacked channel planes
  bool empty() const { return y.first == y.second || x.first == x.second; }
};

template <class F>
void for_each_tap(const Windows& g, F&& f) {
  const Index k = g.kernel, s = g.stride, width = g.image.width;
  for (Index c = 0; c < g.image.channels; ++c) {
    for (Index ki = 0; ki < k; ++ki) {
      const auto y = inside(ki - g.padding, g.image.height, g.out_h, s);
      for (Index kj = 0; kj < k; ++kj) {
        const auto x = inside(kj - g.padding, width, g.out_w, s);
        const Index pixel = c * g.image.pixels() + (y.first * s + ki - g.padding) * width +
                            x.first * s + kj - g.padding;
        f(Tap{(c * k + ki) * k + kj, y, x, pixel});
      }
    }
  }
}

// Calls f on the tap's pixels as an Eigen block (rows y, columns x): with a compile-time unit
// inner stride when the convolution's stride is 1, since a run-time inner stride keeps Eigen
// from vectorising.
template <class Pixel, class F>
void with_pixels(const Windows& g, const Tap& tap, Pixel* image, F&& f) {
  using T = std::remove_const_t<Pixel>;
  using Plain = std::conditional_t<std::is_const_v<Pixel>, const Mat<T>, Mat<T>>;
  const Index rows = tap.y.second - tap.y.first, cols = tap.x.second - tap.x.first;
  const Index s = g.stride, width = g.image.width;
  if (s == 1) {
    f(Eigen::Map<Plain, 0, Eigen::OuterStride<>>(image + tap.first_pixel, rows, cols,
                                                 Eigen::OuterStride<>(width)));
  } else {
    using Strided = Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>;
    f(Eigen::Map<Plain, 0, Strided>(image + tap.first_pixel, rows, cols, Strided(s * width, s)));
  }
}

// cols (g.rows() x g.cols()) = the windows of one image, every entry written once.
template <class T, class Cols>
void im2col(const Windows& g, const T* image, Cols&& cols) {
  for_each_tap(g, [&](const Tap& tap) {
    Eigen::Map<Mat<T>> dst(&cols(tap.row, 0), g.out_h, g.out_w);
    if (tap.empty()) {
      dst.setZero();
      return;
    }
    const auto [y0, y1] = tap.y;
    const auto [x0, x1] = tap.x;
    dst.topRows(y0).setZero();
    dst.bottomRows(g.out_h - y1).setZero();
    dst.block(y0, 0, y1 - y0, x0).setZero();
    dst.block(y0, x1, y1 - y0, g.out_w - x1).setZero();
    with_pixels(g, tap, image,
                [&](const auto& pixels) { dst.block(y0, x0, y1 - y0, x1 - x0) = pixels; });
  });
}

// image += the windows in cols, each entry added back where im2col took it.
template <class T, class Cols>
void col2im(const Windows& g, const Cols& cols, T* image) {
  for_each_tap(g, [&](const Tap& tap) {
    if (tap.empty()) return;
    const auto [y0, y1] = tap.y;
    const auto [x0, x1] = tap.x;
    const Eigen::Map<const Mat<T>> src(&cols(tap.row, 0), g.out_h, g.out_w);
    with_pixels(g, tap, image,
                [&](auto&& pixels) { pixels += src.block(y0, x0, y1 - y0, x1 - x0); });
  });
}

template <class T>
using RowMap = Eigen::Map<Mat<T>>;
template <class T>
using ConstRowMap = Eigen::Map<const Mat<T>>;

template <class T>
void require_image_rows(const char* op, const Mat<T>& x, ImageShape in) {
  if (x.cols() != in.size()) throw_shape_error(op, x.rows(), x.cols(), in.channels, in.pixels());
}

// Adds the per-channel bias to every pixel of each image's (channels x pixels) block.
template <class T>
void add_channel_bias(Mat<T>& out, Index channels, const Mat<T>& bias) {
  for (Index n = 0; n < out.rows(); ++n) {
    RowMap<T> img(out.row(n).data(), channels, out.cols() / channels);
    img.colwise() += bias.transpose().col(0);
  }
}

// The bias gradient: each channel's gradient summed over images and pixels.
template <class T>
Mat<T> channel_sums(const Mat<T>& g, Index channels) {
  Mat<T> total = Mat<T>::Zero(1, channels);
  for (Index n = 0; n < g.rows(); ++n) {
    total +=
        ConstRowMap<T>(g.row(n).data(), channels, g.cols() / channels).rowwise().sum().transpose();
  }
  return total;
}

}  // namespace

ImageShape conv2d_shape(ImageShape in, Index out_channels, Index kernel, Index stride,
                        Index padding) {
  const Windows g = windows(in, kernel, stride, padding, "conv2d");
  return {out_channels, g.out_h, g.out_w};
}

ImageShape conv_transpose2d_shape(ImageShape in, Index out_channels, Index kernel, Index stride,
                                  Index padding, Index output_padding) {
  if (output_padding < 0 || output_padding >= stride) {
    throw std::invalid_argument(
        "assay::nn: conv_transpose2d: output_padding must be in [0, stride)");
  }
  return {out_channels, (in.height - 1) * stride - 2 * padding + kernel + output_padding,
          (in.width - 1) * stride - 2 * padding + kernel + output_padding};
}

template <class T>
Var<T> conv2d(Var<T> x, ImageShape in, Var<T> weight, Var<T> bias, Index kernel, Index stride,
              Index padding) {
  auto& t = impl_of(x);
  require_same_tape("conv2d", x, weight);
  const Mat<T>& X = x.value();
  const Mat<T>& W = weight.value();
  require_image_rows("conv2d (input)", X, in);
  const Windows g = windows(in, kernel, stride, padding, "conv2d");
  if (W.cols() != g.rows())
    throw_shape_error("conv2d (weight)", W.rows(), W.cols(), W.rows(), g.rows());
  const Index oc = W.rows(), n = X.rows();
  if (bias.valid() && (bias.rows() != 1 || bias.cols() != oc)) {
    throw_shape_error("conv2d (bias)", bias.rows(), bias.cols(), 1, oc);
  }
  // The unfolded images, kept for the weight gradient.
  Mat<T> cols = t.take(n * g.rows(), g.cols());
  Mat<T> out = t.take(n, oc * g.cols());
  for (Index i = 0; i < n; ++i) {
    auto c = cols.middleRows(i * g.rows(), g.rows());
    im2col(g, X.row(i).data(), c);
    gemm(W, false, c, false, RowMap<T>(out.row(i).data(), oc, g.cols()));
  }
  if (bias.valid()) add_channel_bias(out, oc, bias.value());
  const int ix = x.id(), iw = weight.id(), ib = bias.valid() ? bias.id() : -1;
  const bool need = t.needs(ix) || t.needs(iw) || (ib >= 0 && t.needs(ib));
  auto backward = [ix, iw, ib, g, oc](TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    const Mat<T>& W = t.val(iw);
    const Mat<T>& cols = t.saved(s);
    const Index n = G.rows();
    if (t.needs(iw)) {
      // dW^T = sum_i cols_i G_i^T: the product transposes (packs) G_i, out_channels x positions,
      // rather than the larger unfolded image.
      Mat<T> dwt = t.take(g.rows(), oc), scratch;
      for (Index i = 0; i < n; ++i) {
        gemm(cols.middleRows(i * g.rows(), g.rows()), false,
             ConstRowMap<T>(G.row(i).data(), oc, g.cols()), true, dwt, T(1),
             i > 0 ? Store::add : Store::assign, nullptr, &scratch);
      }
      t.accumulate(iw, dwt.transpose());
      t.pool.give(dwt);
    }
    if (t.needs(ix)) {
      Mat<T> dx = t.take(n, g.image.size());
      dx.setZero();
      Mat<T> dcols = t.take(g.rows(), g.cols());
      for (Index i = 0; i < n; ++i) {
        gemm(W, true, ConstRowMap<T>(G.row(i).data(), oc, g.cols()), false, dcols);
        col2im(g, dcols, dx.row(i).data());
      }
      t.pool.give(dcols);
      t.accumulate_owned(ix, dx);
    }
    if (ib >= 0) t.accumulate(ib, channel_sums(G, oc));
  };
  return make_var(x, t.push(std::move(out), need, backward, std::move(cols)));
}

template <class T>
Var<T> conv_transpose2d(Var<T> x, ImageShape in, Var<T> weight, Var<T> bias, Index kernel,
                        Index stride, Index padding, Index output_padding) {
  auto& t = impl_of(x);
  require_same_tape("conv_transpose2d", x, weight);
  const Mat<T>& X = x.value();
  const Mat<T>& W = weight.value();
  require_image_rows("conv_transpose2d (input)", X, in);
  if (W.rows() != in.channels || W.cols() % (kernel * kernel) != 0) {
    throw_shape_error("conv_transpose2d (weight)", W.rows(), W.cols(), in.channels,
                      kernel * kernel);
  }
  const Index oc = W.cols() / (kernel * kernel), n = X.rows();
  const ImageShape out_shape =
      conv_transpose2d_shape(in, oc, kernel, stride, padding, output_padding);
  // The output read by the matching convolution has one window per input pixel.
  const Windows g = windows(out_shape, kernel, stride, padding, "conv_transpose2d");
  if (g.out_h != in.height || g.out_w != in.width) {
    throw_shape_error("conv_transpose2d (geometry)", g.out_h, g.out_w, in.height, in.width);
  }
  if (bias.valid() && (bias.rows() != 1 || bias.cols() != oc)) {
    throw_shape_error("conv_transpose2d (bias)", bias.rows(), bias.cols(), 1, oc);
  }
  Mat<T> out = t.take(n, out_shape.size());
  out.setZero();
  Mat<T> cols = t.take(g.rows(), g.cols());
  for (Index i = 0; i < n; ++i) {
    gemm(W, true, ConstRowMap<T>(X.row(i).data(), in.channels, in.pixels()), false, cols);
    col2im(g, cols, out.row(i).data());
  }
  t.pool.give(cols);
  if (bias.valid()) add_channel_bias(out, oc, bias.value());
  const int ix = x.id(), iw = weight.id(), ib = bias.valid() ? bias.id() : -1;
  const bool need = t.needs(ix) || t.needs(iw) || (ib >= 0 && t.needs(ib));
  auto backward = [ix, iw, ib, g, in, oc](TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    const Mat<T>& W = t.val(iw);
    const Mat<T>& X = t.val(ix);
    const Index n = G.rows();
    Mat<T> gcols = t.take(g.rows(), g.cols());
    Mat<T> dx = t.needs(ix) ? t.take(n, in.size()) : Mat<T>();
    bool adds = false;
    Mat<T>* dw = t.gradient_buffer(iw, &adds);
    for (Index i = 0; i < n; ++i) {
      im2col(g, G.row(i).data(), gcols);
      if (dw != nullptr) {
        gemm(ConstRowMap<T>(X.row(i).data(), in.channels, in.pixels()), false, gcols, true, *dw,
             T(1), adds || i > 0 ? Store::add : Store::assign);
      }
      if (dx.size() != 0) {
        gemm(W, false, gcols, false, RowMap<T>(dx.row(i).data(), in.channels, in.pixels()));
      }
    }
    t.pool.give(gcols);
    if (dx.size() != 0) t.accumulate_owned(ix, dx);
    if (ib >= 0) t.accumulate(ib, channel_sums(G, oc));
  };
  return make_var(x, t.push(std::move(out), need, backward));
}

#define ASSAY_NN_INSTANTIATE(T)                                                    \
  template Var<T> conv2d(Var<T>, ImageShape, Var<T>, Var<T>, Index, Index, Index); \
  template Var<T> conv_transpose2d(Var<T>, ImageShape, Var<T>, Var<T>, Index, Index, Index, Index);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
