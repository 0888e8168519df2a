// 2-d convolution and transposed convolution through per-image unfolding (im2col) and one
// matrix product per image; both backward passes are the same two products transposed.
#include <algorithm>
#include <stdexcept>
#include <string>

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

// The output columns [lo, hi) whose window column kj falls inside the image:
// 0 <= ox * stride + kj - padding < width.
std::pair<Index, Index> inside_columns(const Windows& g, Index kj) {
  const Index shift = kj - g.padding, last = g.image.width - 1 - shift;
  const Index lo = shift >= 0 ? 0 : (-shift + g.stride - 1) / g.stride;
  const Index hi = last < 0 ? 0 : std::min(g.out_w, last / g.stride + 1);
  return {lo, std::max(lo, hi)};
}

// Calls f(unfolded row, output row oy, first pixel or -1 if row oy of the window is padding,
// lo, hi) for every unfolded row and output row: positions oy * out_w + [lo, hi) read pixels
// pixel, pixel + stride, ... of the image (channel planes stacked); the rest are padding.
template <class F>
void for_each_run(const Windows& g, F&& f) {
  const Index k = g.kernel, s = g.stride, width = g.image.width;
  for (Index c = 0; c < g.image.channels; ++c) {
    for (Index ki = 0; ki < k; ++ki) {
      for (Index kj = 0; kj < k; ++kj) {
        const Index row = (c * k + ki) * k + kj;
        const auto [lo, hi] = inside_columns(g, kj);
        for (Index oy = 0; oy < g.out_h; ++oy) {
          const Index y = oy * s - g.padding + ki;
          const bool inside = y >= 0 && y < g.image.height && hi > lo;
          f(row, oy, inside ? c * g.image.pixels() + y * width + lo * s + kj - g.padding : -1, lo,
            hi);
        }
      }
    }
  }
}

// cols (g.rows() x g.cols()) = the windows of one image, every entry written once.
template <class T, class Cols>
void im2col(const Windows& g, const T* image, Cols&& cols) {
  const Index s = g.stride, w = g.out_w;
  for_each_run(g, [&](Index row, Index oy, Index pixel, Index lo, Index hi) {
    T* dst = &cols(row, oy * w);
    if (pixel < 0) {
      std::fill(dst, dst + w, T(0));
      return;
    }
    std::fill(dst, dst + lo, T(0));
    std::fill(dst + hi, dst + w, T(0));
    const T* src = image + pixel;
    if (s == 1) {
      std::copy(src, src + (hi - lo), dst + lo);
    } else {
      for (Index i = lo; i < hi; ++i) dst[i] = src[(i - lo) * s];
    }
  });
}

// image += the windows in cols, each entry added back where im2col took it.
template <class T, class Cols>
void col2im(const Windows& g, const Cols& cols, T* image) {
  using Run = Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>>;
  using StridedRun = Eigen::Map<Eigen::Array<T, 1, Eigen::Dynamic>, 0, Eigen::InnerStride<>>;
  using ConstRun = Eigen::Map<const Eigen::Array<T, 1, Eigen::Dynamic>>;
  const Index s = g.stride, w = g.out_w;
  for_each_run(g, [&](Index row, Index oy, Index pixel, Index lo, Index hi) {
    if (pixel < 0) return;
    const ConstRun src(&cols(row, oy * w + lo), hi - lo);
    // The unit-stride case separately: a run-time stride keeps Eigen from vectorising.
    if (s == 1) {
      Run(image + pixel, hi - lo) += src;
    } else {
      StridedRun(image + pixel, hi - lo, Eigen::InnerStride<>(s)) += src;
    }
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
