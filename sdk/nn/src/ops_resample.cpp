// Pooling, upsampling and pixel shuffle. Each output pixel is a fixed weighted sum of input
// pixels of its channel (max pooling: the one chosen in the forward pass), so every backward
// pass scatters the output gradient back along the same weights. Average pooling and nearest
// upsampling go through one general sparse resampling; bilinear upsampling, max pooling and
// pixel shuffle have their own loops.
#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "assay/nn/vision.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

template <class T>
void require_image(const char* op, const Mat<T>& x, ImageShape in, Index factor) {
  if (x.cols() != in.size()) throw_shape_error(op, x.rows(), x.cols(), in.channels, in.pixels());
  if (factor <= 0) {
    throw std::invalid_argument(std::string("assay::nn: ") + op + ": factor must be positive");
  }
}

// The sources of every output pixel of a channel plane, in compressed rows: output pixel o
// reads input pixels pixel[k] with weights weight[k] for k in [start[o], start[o + 1]).
struct Resampling {
  std::vector<Index> start{0};
  std::vector<Index> pixel;
  std::vector<double> weight;
  void add(Index p, double w) { pixel.push_back(p), weight.push_back(w); }
  void next_output() { start.push_back(static_cast<Index>(pixel.size())); }
};

// out[c][o] = sum_k weight[k] in[c][pixel[k]] for every plane (image and channel).
template <class T>
Var<T> resample(Var<T> x, ImageShape in, ImageShape out_shape,
                std::shared_ptr<const Resampling> map) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  const Index planes = X.rows() * in.channels, in_px = in.pixels(), out_px = out_shape.pixels();
  Mat<T> out = t.take(X.rows(), out_shape.size());
  const std::vector<T> w(map->weight.begin(), map->weight.end());
  for (Index p = 0; p < planes; ++p) {
    const T* src = X.data() + p * in_px;
    T* dst = out.data() + p * out_px;
    for (Index o = 0; o < out_px; ++o) {
      T v = 0;
      for (Index k = map->start[o]; k < map->start[o + 1]; ++k) v += w[k] * src[map->pixel[k]];
      dst[o] = v;
    }
  }
  const int ix = x.id();
  auto backward = [ix, map, planes, in_px, out_px](TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    Mat<T> dx = t.take(t.val(ix).rows(), t.val(ix).cols());
    dx.setZero();
    const std::vector<T> w(map->weight.begin(), map->weight.end());
    for (Index p = 0; p < planes; ++p) {
      const T* g = G.data() + p * out_px;
      T* d = dx.data() + p * in_px;
      for (Index o = 0; o < out_px; ++o) {
        for (Index k = map->start[o]; k < map->start[o + 1]; ++k) d[map->pixel[k]] += w[k] * g[o];
      }
    }
    t.accumulate_owned(ix, dx);
  };
  return make_var(x, t.push(std::move(out), t.needs(ix), backward));
}

// torch's bilinear source coordinate for align_corners = false, (o + 1/2) / factor - 1/2
// floored at 0: its lower neighbour, the offset to the upper one (0 at the edge) and the upper
// one's weight.
struct Source {
  Index low;
  Index step;
  double frac;
};

Source bilinear_source(Index o, Index factor, Index size) {
  const double s =
      std::max((static_cast<double>(o) + 0.5) / static_cast<double>(factor) - 0.5, 0.0);
  const Index low = static_cast<Index>(s);
  return {low, low < size - 1 ? 1 : 0, s - static_cast<double>(low)};
}

}  // namespace

ImageShape pool2d_shape(ImageShape in, Index kernel, Index stride) {
  if (kernel <= 0 || stride <= 0 || kernel > in.height || kernel > in.width) {
    throw std::invalid_argument("assay::nn: pool2d: kernel " + std::to_string(kernel) +
                                " and stride " + std::to_string(stride) + " do not fit " +
                                std::to_string(in.height) + " x " + std::to_string(in.width));
  }
  return {in.channels, (in.height - kernel) / stride + 1, (in.width - kernel) / stride + 1};
}

template <class T>
Var<T> avg_pool2d(Var<T> x, ImageShape in, Index kernel, Index stride) {
  require_image("avg_pool2d", x.value(), in, stride);
  const ImageShape out = pool2d_shape(in, kernel, stride);
  auto map = std::make_shared<Resampling>();
  const double w = 1.0 / static_cast<double>(kernel * kernel);
  for (Index oy = 0; oy < out.height; ++oy) {
    for (Index ox = 0; ox < out.width; ++ox) {
      for (Index ki = 0; ki < kernel; ++ki) {
        for (Index kj = 0; kj < kernel; ++kj) {
          map->add((oy * stride + ki) * in.width + ox * stride + kj, w);
        }
      }
      map->next_output();
    }
  }
  return resample<T>(x, in, out, std::move(map));
}

template <class T>
Var<T> upsample_nearest(Var<T> x, ImageShape in, Index factor) {
  require_image("upsample_nearest", x.value(), in, factor);
  const ImageShape out{in.channels, in.height * factor, in.width * factor};
  auto map = std::make_shared<Resampling>();
  for (Index oy = 0; oy < out.height; ++oy) {
    for (Index ox = 0; ox < out.width; ++ox) {
      map->add((oy / factor) * in.width + ox / factor, 1.0);
      map->next_output();
    }
  }
  return resample<T>(x, in, out, std::move(map));
}

// Bilinear upsampling is separable: each row is interpolated along x into (H x OW), then the
// rows are mixed along y, two whole-row operations per output row.
template <class T>
Var<T> upsample_bilinear(Var<T> x, ImageShape in, Index factor) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  require_image("upsample_bilinear", X, in, factor);
  const Index oh = in.height * factor, ow = in.width * factor, planes = X.rows() * in.channels;
  std::vector<Source> sx, sy;
  for (Index o = 0; o < ow; ++o) sx.push_back(bilinear_source(o, factor, in.width));
  for (Index o = 0; o < oh; ++o) sy.push_back(bilinear_source(o, factor, in.height));
  using Plane = Eigen::Map<Mat<T>>;
  using ConstPlane = Eigen::Map<const Mat<T>>;
  Mat<T> out = t.take(X.rows(), in.channels * oh * ow);
  Mat<T> along_x = t.take(in.height, ow);
  for (Index p = 0; p < planes; ++p) {
    const ConstPlane src(X.data() + p * in.pixels(), in.height, in.width);
    Plane dst(out.data() + p * oh * ow, oh, ow);
    for (Index o = 0; o < ow; ++o) {
      const Source& s = sx[static_cast<std::size_t>(o)];
      along_x.col(o) = T(1 - s.frac) * src.col(s.low) + T(s.frac) * src.col(s.low + s.step);
    }
    for (Index o = 0; o < oh; ++o) {
      const Source& s = sy[static_cast<std::size_t>(o)];
      dst.row(o) = T(1 - s.frac) * along_x.row(s.low) + T(s.frac) * along_x.row(s.low + s.step);
    }
  }
  t.pool.give(along_x);
  const int ix = x.id();
  auto backward = [ix, in, oh, ow, planes, sx = std::move(sx), sy = std::move(sy)](TapeImpl<T>& t,
                                                                                   int s_) {
    const Mat<T>& G = t.grad(s_);
    Mat<T> dx = t.take(t.val(ix).rows(), t.val(ix).cols());
    dx.setZero();
    Mat<T> along_x = t.take(in.height, ow);
    for (Index p = 0; p < planes; ++p) {
      const ConstPlane g(G.data() + p * oh * ow, oh, ow);
      Plane d(dx.data() + p * in.pixels(), in.height, in.width);
      along_x.setZero();
      for (Index o = 0; o < oh; ++o) {
        const Source& s = sy[static_cast<std::size_t>(o)];
        along_x.row(s.low) += T(1 - s.frac) * g.row(o);
        along_x.row(s.low + s.step) += T(s.frac) * g.row(o);
      }
      for (Index o = 0; o < ow; ++o) {
        const Source& s = sx[static_cast<std::size_t>(o)];
        d.col(s.low) += T(1 - s.frac) * along_x.col(o);
        d.col(s.low + s.step) += T(s.frac) * along_x.col(o);
      }
    }
    t.pool.give(along_x);
    t.accumulate_owned(ix, dx);
  };
  return make_var(x, t.push(std::move(out), t.needs(ix), backward));
}

template <class T>
Var<T> max_pool2d(Var<T> x, ImageShape in, Index kernel, Index stride) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  require_image("max_pool2d", X, in, stride);
  const ImageShape os = pool2d_shape(in, kernel, stride);
  const Index planes = X.rows() * in.channels;
  Mat<T> out = t.take(X.rows(), os.size());
  // For each output entry, the flat index in x of the window's maximum (first one on ties).
  auto chosen = std::make_shared<std::vector<Index>>(static_cast<std::size_t>(out.size()));
  for (Index p = 0; p < planes; ++p) {
    const T* src = X.data() + p * in.pixels();
    for (Index oy = 0; oy < os.height; ++oy) {
      for (Index ox = 0; ox < os.width; ++ox) {
        Index best = (oy * stride) * in.width + ox * stride;
        for (Index ki = 0; ki < kernel; ++ki) {
          for (Index kj = 0; kj < kernel; ++kj) {
            const Index q = (oy * stride + ki) * in.width + ox * stride + kj;
            if (src[q] > src[best]) best = q;
          }
        }
        const Index o = p * os.pixels() + oy * os.width + ox;
        out.data()[o] = src[best];
        (*chosen)[static_cast<std::size_t>(o)] = p * in.pixels() + best;
      }
    }
  }
  const int ix = x.id();
  return make_var(x, t.push(std::move(out), t.needs(ix), [ix, chosen](TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    Mat<T> dx = t.take(t.val(ix).rows(), t.val(ix).cols());
    dx.setZero();
    for (Index o = 0; o < G.size(); ++o)
      dx.data()[(*chosen)[static_cast<std::size_t>(o)]] += G.data()[o];
    t.accumulate_owned(ix, dx);
  }));
}

template <class T>
Var<T> pixel_shuffle(Var<T> x, ImageShape in, Index factor) {
  require_image("pixel_shuffle", x.value(), in, factor);
  const Index r = factor;
  if (in.channels % (r * r) != 0) {
    throw std::invalid_argument(
        "assay::nn: pixel_shuffle: " + std::to_string(in.channels) +
        " channels are not a multiple of factor^2 = " + std::to_string(r * r));
  }
  const ImageShape os{in.channels / (r * r), in.height * r, in.width * r};
  // A permutation of each image's entries: out position -> in position.
  std::vector<Index> from(static_cast<std::size_t>(os.size()));
  for (Index c = 0; c < os.channels; ++c) {
    for (Index y = 0; y < os.height; ++y) {
      for (Index xx = 0; xx < os.width; ++xx) {
        const Index ic = c * r * r + (y % r) * r + xx % r;
        from[static_cast<std::size_t>((c * os.height + y) * os.width + xx)] =
            (ic * in.height + y / r) * in.width + xx / r;
      }
    }
  }
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  Mat<T> out = t.take(X.rows(), os.size());
  for (Index n = 0; n < X.rows(); ++n) {
    for (Index o = 0; o < os.size(); ++o) out(n, o) = X(n, from[static_cast<std::size_t>(o)]);
  }
  const int ix = x.id();
  return make_var(x, t.push(std::move(out), t.needs(ix), [ix, from](TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    Mat<T> dx = t.take(G.rows(), G.cols());
    for (Index n = 0; n < G.rows(); ++n) {
      for (Index o = 0; o < G.cols(); ++o) dx(n, from[static_cast<std::size_t>(o)]) = G(n, o);
    }
    t.accumulate_owned(ix, dx);
  }));
}

#define ASSAY_NN_INSTANTIATE(T)                                 \
  template Var<T> avg_pool2d(Var<T>, ImageShape, Index, Index); \
  template Var<T> max_pool2d(Var<T>, ImageShape, Index, Index); \
  template Var<T> upsample_nearest(Var<T>, ImageShape, Index);  \
  template Var<T> upsample_bilinear(Var<T>, ImageShape, Index); \
  template Var<T> pixel_shuffle(Var<T>, ImageShape, Index);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
