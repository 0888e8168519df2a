// Dropout, top-k sparsity, straight-through estimators and gradient surgery.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "assay/nn/ops.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

// 1 where |x| is among the k largest of its row (ties broken by lower column), else 0.
template <class T>
Mat<T> abs_topk_mask(const Mat<T>& x, Index k) {
  if (k < 0) throw std::invalid_argument("assay::nn: abs_topk: k must be >= 0");
  Mat<T> mask = Mat<T>::Zero(x.rows(), x.cols());
  if (k >= x.cols()) return Mat<T>::Ones(x.rows(), x.cols());
  std::vector<Index> order(static_cast<std::size_t>(x.cols()));
  for (Index i = 0; i < x.rows(); ++i) {
    std::iota(order.begin(), order.end(), Index{0});
    std::nth_element(order.begin(), order.begin() + k, order.end(), [&](Index a, Index b) {
      const T fa = std::abs(x(i, a)), fb = std::abs(x(i, b));
      return fa > fb || (fa == fb && a < b);
    });
    for (Index j = 0; j < k; ++j) mask(i, order[static_cast<std::size_t>(j)]) = T(1);
  }
  return mask;
}

// Value `out`; the gradient flows to `a` multiplied by `pass` (shared, same shape), or
// unchanged if pass is null.
template <class T>
Var<T> with_gradient_mask(Var<T> a, Mat<T> out, std::shared_ptr<const Mat<T>> pass) {
  auto& t = impl_of(a);
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia, pass](TapeImpl<T>& t, int s) {
    if (pass) {
      t.accumulate(ia, t.grad(s).cwiseProduct(*pass));
    } else {
      t.accumulate(ia, t.grad(s));
    }
  }));
}

}  // namespace

template <class T>
Var<T> dropout(Var<T> a, T p, Rng& rng) {
  if (p < T(0) || p >= T(1)) throw std::invalid_argument("assay::nn: dropout: p must be in [0, 1)");
  const Mat<T>& x = a.value();
  auto keep = std::make_shared<Mat<T>>(x.rows(), x.cols());
  const T kept_scale = T(1) / (T(1) - p);
  for (Index i = 0; i < keep->size(); ++i) {
    keep->data()[i] = uniform01(rng) >= static_cast<double>(p) ? kept_scale : T(0);
  }
  Mat<T> out = x.cwiseProduct(*keep);
  return with_gradient_mask<T>(a, std::move(out), std::move(keep));
}

template <class T>
Var<T> abs_topk(Var<T> a, Index k) {
  auto mask = std::make_shared<Mat<T>>(abs_topk_mask(a.value(), k));
  Mat<T> out = a.value().cwiseProduct(*mask);
  return with_gradient_mask<T>(a, std::move(out), std::move(mask));
}

template <class T>
Var<T> abs_topk_ste(Var<T> a, Index k) {
  Mat<T> out = a.value().cwiseProduct(abs_topk_mask(a.value(), k));
  return with_gradient_mask<T>(a, std::move(out), nullptr);
}

template <class T>
Var<T> hard_threshold_ste(Var<T> a, T threshold) {
  const Mat<T>& x = a.value();
  Mat<T> out = (x.array().abs() > threshold).select(x.array(), T(0)).matrix();
  return with_gradient_mask<T>(a, std::move(out), nullptr);
}

template <class T>
Var<T> binarize_ste(Var<T> a, T threshold) {
  Mat<T> out = (a.value().array() > threshold).template cast<T>().matrix();
  return with_gradient_mask<T>(a, std::move(out), nullptr);
}

template <class T>
Var<T> gradient_reversal(Var<T> a, T factor) {
  auto& t = impl_of(a);
  const int ia = a.id();
  return make_var(a, t.push(a.value(), t.needs(ia), [ia, factor](TapeImpl<T>& t, int s) {
    t.accumulate(ia, t.grad(s) * (-factor));
  }));
}

template <class T>
Var<T> stop_gradient(Var<T> a) {
  return a.tape().constant(a.value());
}

#define ASSAY_NN_INSTANTIATE(T)                  \
  template Var<T> dropout(Var<T>, T, Rng&);      \
  template Var<T> abs_topk(Var<T>, Index);       \
  template Var<T> abs_topk_ste(Var<T>, Index);   \
  template Var<T> hard_threshold_ste(Var<T>, T); \
  template Var<T> binarize_ste(Var<T>, T);       \
  template Var<T> gradient_reversal(Var<T>, T);  \
  template Var<T> stop_gradient(Var<T>);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
