// LayerNorm and RMSNorm over the features of each row.
#include <cmath>
#include <type_traits>

#include "assay/nn/ops.hpp"
#include "norm_avx512.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

template <class T>
using Column = Eigen::Matrix<T, Eigen::Dynamic, 1>;

template <class T>
void require_gain_shape(const char* op, const Mat<T>& x, Var<T> gain) {
  if (gain.valid() && (gain.rows() != 1 || gain.cols() != x.cols())) {
    throw_shape_error(op, x.rows(), x.cols(), gain.rows(), gain.cols());
  }
}

template <class T>
using Row = Eigen::Matrix<T, 1, Eigen::Dynamic>;

// Both norms in one pass over the rows each way: y = xhat * gain + bias with
// xhat = (x - mean) * inv_scale (mean 0 without `center`), and backward
// dx = inv_scale * (dxhat - xhat * mean(dxhat * xhat) [- mean(dxhat) if `center`]),
// dxhat = dy * gain, while dgain and dbias are summed over the same rows (in perf, LayerNorm
// fell from 7.4% of the transformer benchmark's step with separate passes to 4.9%). Float rows
// go through the AVX-512 kernels where the CPU has them.
template <class T>
void normalise_forward(const Mat<T>& x, const T* gain, const T* bias, bool center, T eps,
                       Mat<T>& xhat, Mat<T>& out, Column<T>& inv_scale) {
  const Index d = x.cols();
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_has_avx512()) {
      avx512_normalise_rows(x.data(), x.rows(), d, gain, bias, center, eps, xhat.data(), out.data(),
                            inv_scale.data());
      return;
    }
  }
  const T inv_d = T(1) / static_cast<T>(d);
  for (Index i = 0; i < x.rows(); ++i) {
    auto row = xhat.row(i);
    const T mu = center ? x.row(i).sum() * inv_d : T(0);
    row.array() = x.row(i).array() - mu;
    inv_scale(i) = T(1) / std::sqrt(row.squaredNorm() * inv_d + eps);
    row *= inv_scale(i);
    out.row(i) = row;
    if (gain != nullptr) out.row(i).array() *= Eigen::Map<const Row<T>>(gain, d).array();
    if (bias != nullptr) out.row(i) += Eigen::Map<const Row<T>>(bias, d);
  }
}

// dgain, dbias (either may be null) receive the row sums; dx (null for none) is written, or
// added to if `adds`.
template <class T>
void normalise_backward(const Mat<T>& g, const Mat<T>& xhat, const Column<T>& inv_scale,
                        const T* gain, bool center, T* dgain, T* dbias, Mat<T>* dx, bool adds) {
  const Index d = g.cols();
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_has_avx512()) {
      avx512_normalise_rows_backward(g.data(), xhat.data(), inv_scale.data(), g.rows(), d, gain,
                                     center, dgain, dbias, dx != nullptr ? dx->data() : nullptr,
                                     adds);
      return;
    }
  }
  const T inv_d = T(1) / static_cast<T>(d);
  Row<T> dxhat(d);
  for (Index i = 0; i < g.rows(); ++i) {
    const auto gi = g.row(i);
    const auto xi = xhat.row(i);
    if (dbias != nullptr) Eigen::Map<Row<T>>(dbias, d) += gi;
    if (dgain != nullptr) Eigen::Map<Row<T>>(dgain, d).array() += gi.array() * xi.array();
    if (dx == nullptr) continue;
    dxhat = gi;
    if (gain != nullptr) dxhat.array() *= Eigen::Map<const Row<T>>(gain, d).array();
    const T proj = dxhat.dot(xi) * inv_d;
    const T shift = center ? dxhat.sum() * inv_d : T(0);
    const auto di = (dxhat.array() - xi.array() * proj - shift) * inv_scale(i);
    if (adds) {
      dx->row(i).array() += di;
    } else {
      dx->row(i).array() = di;
    }
  }
}

template <class T>
Var<T> normalise_rows(Var<T> x, Var<T> gain, Var<T> bias, T eps, bool center) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  Mat<T> xhat = t.take(X.rows(), X.cols());
  Mat<T> out = t.take(X.rows(), X.cols());
  Column<T> inv_scale(X.rows());
  normalise_forward(X, gain.valid() ? gain.value().data() : nullptr,
                    bias.valid() ? bias.value().data() : nullptr, center, eps, xhat, out,
                    inv_scale);
  const int ix = x.id(), ig = gain.valid() ? gain.id() : -1, ib = bias.valid() ? bias.id() : -1;
  const bool need = t.needs(ix) || (ig >= 0 && t.needs(ig)) || (ib >= 0 && t.needs(ib));
  auto backward = [ix, ig, ib, inv_scale = std::move(inv_scale), center](TapeImpl<T>& t, int s) {
    const Mat<T>& g = t.grad(s);
    const Index d = g.cols();
    Row<T> dgain = Row<T>::Zero(d), dbias = Row<T>::Zero(d);
    const bool want_gain = ig >= 0 && t.needs(ig), want_bias = ib >= 0 && t.needs(ib);
    bool adds = false;
    Mat<T>* dx = t.gradient_buffer(ix, &adds);
    normalise_backward(g, t.saved(s), inv_scale, ig >= 0 ? t.val(ig).data() : nullptr, center,
                       want_gain ? dgain.data() : nullptr, want_bias ? dbias.data() : nullptr, dx,
                       adds);
    if (want_bias) t.accumulate(ib, dbias);
    if (want_gain) t.accumulate(ig, dgain);
  };
  return make_var(x, t.push(std::move(out), need, backward, std::move(xhat)));
}

}  // namespace

template <class T>
Var<T> layer_norm(Var<T> x, Var<T> gain, Var<T> bias, T eps) {
  require_gain_shape("layer_norm (gain)", x.value(), gain);
  require_gain_shape("layer_norm (bias)", x.value(), bias);
  return normalise_rows(x, gain, bias, eps, true);
}

template <class T>
Var<T> rms_norm(Var<T> x, Var<T> gain, T eps) {
  require_gain_shape("rms_norm (gain)", x.value(), gain);
  return normalise_rows(x, gain, Var<T>(), eps, false);
}

#define ASSAY_NN_INSTANTIATE(T)                          \
  template Var<T> layer_norm(Var<T>, Var<T>, Var<T>, T); \
  template Var<T> rms_norm(Var<T>, Var<T>, T);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
