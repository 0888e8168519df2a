// Group normalisation over (channels of a group) x pixels per image, with per-channel gain and
// shift.
#include <cmath>
#include <stdexcept>
#include <string>

#include "assay/nn/vision.hpp"
#include "tape_impl.hpp"

namespace assay::nn {

template <class T>
Var<T> group_norm(Var<T> x, ImageShape in, Index groups, Var<T> gain, Var<T> bias, T eps) {
  auto& t = impl_of(x);
  const Mat<T>& X = x.value();
  if (X.cols() != in.size())
    throw_shape_error("group_norm", X.rows(), X.cols(), in.channels, in.pixels());
  if (groups <= 0 || in.channels % groups != 0) {
    throw std::invalid_argument("assay::nn: group_norm: " + std::to_string(in.channels) +
                                " channels do not split into " + std::to_string(groups) +
                                " groups");
  }
  for (const Var<T>& v : {gain, bias}) {
    if (v.valid() && (v.rows() != 1 || v.cols() != in.channels)) {
      throw_shape_error("group_norm (gain, bias)", v.rows(), v.cols(), 1, in.channels);
    }
  }
  const Index n = X.rows(), px = in.pixels(), group_size = in.size() / groups;
  // saved: the normalised input x_hat; inv_sd: 1 / sd per (image, group).
  Mat<T> xhat = t.take(n, in.size());
  Mat<T> inv_sd = t.take(n, groups);
  for (Index i = 0; i < n; ++i) {
    for (Index g = 0; g < groups; ++g) {
      const auto seg = X.row(i).segment(g * group_size, group_size).array();
      const T mu = seg.mean();
      const T var = (seg - mu).square().mean();
      inv_sd(i, g) = T(1) / std::sqrt(var + eps);
      xhat.row(i).segment(g * group_size, group_size) = ((seg - mu) * inv_sd(i, g)).matrix();
    }
  }
  Mat<T> out = t.take(n, in.size());
  out = xhat;
  for (Index c = 0; c < in.channels; ++c) {
    auto block = out.middleCols(c * px, px);
    if (gain.valid()) block *= gain.value()(0, c);
    if (bias.valid()) block.array() += bias.value()(0, c);
  }
  const int ix = x.id(), ig = gain.valid() ? gain.id() : -1, ib = bias.valid() ? bias.id() : -1;
  const bool need = t.needs(ix) || (ig >= 0 && t.needs(ig)) || (ib >= 0 && t.needs(ib));
  auto backward = [ix, ig, ib, in, groups, group_size, px, inv_sd = std::move(inv_sd)](
                      TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    const Mat<T>& xhat = t.saved(s);
    if (ig >= 0) {
      Mat<T> dg(1, in.channels);
      for (Index c = 0; c < in.channels; ++c) {
        dg(0, c) = G.middleCols(c * px, px).cwiseProduct(xhat.middleCols(c * px, px)).sum();
      }
      t.accumulate(ig, dg);
    }
    if (ib >= 0) {
      Mat<T> db(1, in.channels);
      for (Index c = 0; c < in.channels; ++c) db(0, c) = G.middleCols(c * px, px).sum();
      t.accumulate(ib, db);
    }
    if (!t.needs(ix)) return;
    // d x_hat = G * gain; dx = inv_sd (d x_hat - mean(d x_hat) - x_hat mean(d x_hat x_hat)).
    Mat<T> dx = t.take(G.rows(), G.cols());
    dx = G;
    if (ig >= 0) {
      for (Index c = 0; c < in.channels; ++c) dx.middleCols(c * px, px) *= t.val(ig)(0, c);
    }
    for (Index i = 0; i < G.rows(); ++i) {
      for (Index g = 0; g < groups; ++g) {
        auto d = dx.row(i).segment(g * group_size, group_size).array();
        const auto h = xhat.row(i).segment(g * group_size, group_size).array();
        const T mean_d = d.mean(), mean_dh = (d * h).mean();
        d = (d - mean_d - h * mean_dh) * inv_sd(i, g);
      }
    }
    t.accumulate_owned(ix, dx);
  };
  return make_var(x, t.push(std::move(out), need, backward, std::move(xhat)));
}

#define ASSAY_NN_INSTANTIATE(T) \
  template Var<T> group_norm(Var<T>, ImageShape, Index, Var<T>, Var<T>, T);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
