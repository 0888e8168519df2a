// LayerNorm and RMSNorm over the features of each row.
#include <cmath>

#include "assay/nn/ops.hpp"
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

// Shared tail of both norms: y = xhat * gain + bias from the normalised rows `xhat` (kept as
// the node's saved matrix) and the per-row reciprocal scales. The backward pass is
// dx = inv_scale * (dxhat - xhat * mean(dxhat * xhat) [- mean(dxhat) if `center`]).
template <class T>
Var<T> affine_of_normalised(Var<T> x, Var<T> gain, Var<T> bias, Mat<T> xhat, Column<T> inv_scale,
                            bool center) {
  auto& t = impl_of(x);
  Mat<T> out = t.take(xhat.rows(), xhat.cols());
  out = xhat;
  if (gain.valid()) out.array().rowwise() *= gain.value().row(0).array();
  if (bias.valid()) out.rowwise() += bias.value().row(0);
  const int ix = x.id(), ig = gain.valid() ? gain.id() : -1, ib = bias.valid() ? bias.id() : -1;
  const bool need = t.needs(ix) || (ig >= 0 && t.needs(ig)) || (ib >= 0 && t.needs(ib));
  auto backward = [ix, ig, ib, inv_scale = std::move(inv_scale), center](TapeImpl<T>& t, int s) {
    const Mat<T>& g = t.grad(s);
    const Mat<T>& xhat = t.saved(s);
    if (ib >= 0) t.accumulate(ib, g.colwise().sum());
    if (ig >= 0) t.accumulate(ig, g.cwiseProduct(xhat).colwise().sum());
    if (!t.needs(ix)) return;
    Mat<T> dx = t.take(g.rows(), g.cols());
    dx = g;
    if (ig >= 0) dx.array().rowwise() *= t.val(ig).row(0).array();  // now d/dxhat
    const T inv_d = T(1) / static_cast<T>(g.cols());
    for (Index i = 0; i < dx.rows(); ++i) {
      auto row = dx.row(i);
      const T proj = row.dot(xhat.row(i)) * inv_d;
      const T shift = center ? row.sum() * inv_d : T(0);
      row.array() = (row.array() - xhat.row(i).array() * proj - shift) * inv_scale(i);
    }
    t.accumulate_owned(ix, dx);
  };
  return make_var(x, t.push(std::move(out), need, backward, std::move(xhat)));
}

}  // namespace

template <class T>
Var<T> layer_norm(Var<T> x, Var<T> gain, Var<T> bias, T eps) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  require_gain_shape("layer_norm (gain)", X, gain);
  require_gain_shape("layer_norm (bias)", X, bias);
  Mat<T> xhat = t.take(X.rows(), X.cols());
  Column<T> inv_scale(X.rows());
  const T inv_d = T(1) / static_cast<T>(X.cols());
  for (Index i = 0; i < X.rows(); ++i) {
    const T mu = X.row(i).sum() * inv_d;
    xhat.row(i).array() = X.row(i).array() - mu;
    inv_scale(i) = T(1) / std::sqrt(xhat.row(i).squaredNorm() * inv_d + eps);
    xhat.row(i) *= inv_scale(i);
  }
  return affine_of_normalised(x, gain, bias, std::move(xhat), std::move(inv_scale), true);
}

template <class T>
Var<T> rms_norm(Var<T> x, Var<T> gain, T eps) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  require_gain_shape("rms_norm (gain)", X, gain);
  Mat<T> xhat = t.take(X.rows(), X.cols());
  Column<T> inv_scale(X.rows());
  const T inv_d = T(1) / static_cast<T>(X.cols());
  for (Index i = 0; i < X.rows(); ++i) {
    inv_scale(i) = T(1) / std::sqrt(X.row(i).squaredNorm() * inv_d + eps);
    xhat.row(i) = X.row(i) * inv_scale(i);
  }
  return affine_of_normalised(x, gain, Var<T>(), std::move(xhat), std::move(inv_scale), false);
}

#define ASSAY_NN_INSTANTIATE(T)                          \
  template Var<T> layer_norm(Var<T>, Var<T>, Var<T>, T); \
  template Var<T> rms_norm(Var<T>, Var<T>, T);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
