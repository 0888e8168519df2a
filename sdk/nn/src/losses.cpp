// Losses, each fused with its softmax or sigmoid for stability and speed.
#include <cmath>
#include <string>

#include "assay/nn/ops.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

template <class T>
void row_log_softmax(const Mat<T>& x, Mat<T>& out) {
  for (Index i = 0; i < x.rows(); ++i) {
    const T top = x.row(i).maxCoeff();
    out.row(i) = x.row(i).array() - (top + std::log((x.row(i).array() - top).exp().sum()));
  }
}

template <class T>
Mat<T> scalar(T v) {
  return Mat<T>::Constant(1, 1, v);
}

}  // namespace

template <class T>
Var<T> cross_entropy(Var<T> logits, const std::vector<int>& labels) {
  auto& t = impl_of(logits);
  const Mat<T>& x = logits.value();
  if (static_cast<Index>(labels.size()) != x.rows()) {
    throw_shape_error("cross_entropy (labels)", x.rows(), x.cols(),
                      static_cast<Index>(labels.size()), 1);
  }
  Mat<T> logp = t.take(x.rows(), x.cols());
  row_log_softmax(x, logp);
  T total = 0;
  Index counted = 0;
  for (Index i = 0; i < x.rows(); ++i) {
    const int y = labels[static_cast<std::size_t>(i)];
    if (y < 0) continue;
    if (y >= x.cols()) {
      throw std::out_of_range("assay::nn: cross_entropy: label " + std::to_string(y) + " with " +
                              std::to_string(x.cols()) + " classes");
    }
    total -= logp(i, y);
    ++counted;
  }
  const T inv_n = counted > 0 ? T(1) / static_cast<T>(counted) : T(0);
  const int il = logits.id();
  auto backward = [il, labels, inv_n](TapeImpl<T>& t, int s) {
    const T g = t.grad(s)(0, 0) * inv_n;
    const Mat<T>& logp = t.saved(s);
    Mat<T> dx = t.take(logp.rows(), logp.cols());
    dx.array() = logp.array().exp() * g;
    for (Index i = 0; i < dx.rows(); ++i) {
      const int y = labels[static_cast<std::size_t>(i)];
      if (y < 0) {
        dx.row(i).setZero();
      } else {
        dx(i, y) -= g;
      }
    }
    t.accumulate_owned(il, dx);
  };
  return make_var(logits, t.push(scalar(total * inv_n), t.needs(il), backward, std::move(logp)));
}

template <class T>
Var<T> soft_cross_entropy(Var<T> logits, const Mat<T>& targets) {
  auto& t = impl_of(logits);
  const Mat<T>& x = logits.value();
  if (targets.rows() != x.rows() || targets.cols() != x.cols()) {
    throw_shape_error("soft_cross_entropy", x.rows(), x.cols(), targets.rows(), targets.cols());
  }
  Mat<T> logp(x.rows(), x.cols());
  row_log_softmax(x, logp);
  const auto mass = targets.rowwise().sum().eval();
  const Index counted = (mass.array() != T(0)).count();
  const T inv_n = counted > 0 ? T(1) / static_cast<T>(counted) : T(0);
  const T total = -(targets.cwiseProduct(logp)).sum() * inv_n;
  auto probs = std::make_shared<Mat<T>>(logp.array().exp().matrix());
  const int il = logits.id();
  return make_var(
      logits,
      t.push(scalar(total), t.needs(il), [il, probs, targets, mass, inv_n](TapeImpl<T>& t, int s) {
        const T g = t.grad(s)(0, 0) * inv_n;
        // d/dx of -sum_j t_j log p_j is p * sum_j t_j - t.
        t.accumulate(il, (probs->cwiseProduct(mass.replicate(1, probs->cols())) - targets) * g);
      }));
}

template <class T>
Var<T> bce_with_logits(Var<T> logits, const Mat<T>& targets, const Mat<T>& weights) {
  auto& t = impl_of(logits);
  const Mat<T>& x = logits.value();
  if (targets.rows() != x.rows() || targets.cols() != x.cols()) {
    throw_shape_error("bce_with_logits (targets)", x.rows(), x.cols(), targets.rows(),
                      targets.cols());
  }
  const bool weighted = weights.size() != 0;
  if (weighted && (weights.rows() != x.rows() || weights.cols() != x.cols())) {
    throw_shape_error("bce_with_logits (weights)", x.rows(), x.cols(), weights.rows(),
                      weights.cols());
  }
  const T norm = weighted ? weights.sum() : static_cast<T>(x.size());
  const T inv_n = norm != T(0) ? T(1) / norm : T(0);
  // max(x, 0) - x t + log(1 + e^-|x|): finite for every logit.
  Mat<T> per =
      (x.array().max(T(0)) - x.array() * targets.array() + (-x.array().abs()).exp().log1p())
          .matrix();
  const T total = (weighted ? per.cwiseProduct(weights).sum() : per.sum()) * inv_n;
  const int il = logits.id();
  return make_var(
      logits, t.push(scalar(total), t.needs(il),
                     [il, targets, weights, weighted, inv_n](TapeImpl<T>& t, int s) {
                       const T g = t.grad(s)(0, 0) * inv_n;
                       Mat<T> dx = (t.val(il).array().logistic() - targets.array()).matrix() * g;
                       if (weighted) dx = dx.cwiseProduct(weights);
                       t.accumulate(il, dx);
                     }));
}

template <class T>
Var<T> mse(Var<T> prediction, const Mat<T>& target) {
  auto& t = impl_of(prediction);
  const Mat<T>& x = prediction.value();
  if (target.rows() != x.rows() || target.cols() != x.cols()) {
    throw_shape_error("mse", x.rows(), x.cols(), target.rows(), target.cols());
  }
  const T inv_n = T(1) / static_cast<T>(x.size());
  const T total = (x - target).squaredNorm() * inv_n;
  const int ip = prediction.id();
  return make_var(prediction,
                  t.push(scalar(total), t.needs(ip), [ip, target, inv_n](TapeImpl<T>& t, int s) {
                    t.accumulate(ip, (t.val(ip) - target) * (T(2) * inv_n * t.grad(s)(0, 0)));
                  }));
}

#define ASSAY_NN_INSTANTIATE(T)                                          \
  template Var<T> cross_entropy(Var<T>, const std::vector<int>&);        \
  template Var<T> soft_cross_entropy(Var<T>, const Mat<T>&);             \
  template Var<T> bce_with_logits(Var<T>, const Mat<T>&, const Mat<T>&); \
  template Var<T> mse(Var<T>, const Mat<T>&);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
