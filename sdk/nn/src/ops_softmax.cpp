// Row softmax with additive masks, log-softmax and fused multi-head attention.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "assay/nn/ops.hpp"
#include "softmax_avx512.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

// For each row of a mask, the columns it sets to -infinity.
template <class Derived>
std::vector<std::vector<Index>> masked_columns(const Eigen::MatrixBase<Derived>& mask) {
  using T = typename Derived::Scalar;
  std::vector<std::vector<Index>> columns(static_cast<std::size_t>(mask.rows()));
  for (Index i = 0; i < mask.rows(); ++i) {
    for (Index j = 0; j < mask.cols(); ++j) {
      if (mask(i, j) == -std::numeric_limits<T>::infinity()) columns[i].push_back(j);
    }
  }
  return columns;
}

// Softmax of each row of `x` in place; a row with no finite entry becomes zeros. Row i's
// entries listed in masked[i % masked.size()] (if any) are -infinity and become exact zeros.
template <class Derived>
void softmax_rows_in_place(Eigen::MatrixBase<Derived>& x,
                           const std::vector<std::vector<Index>>& masked) {
  using T = typename Derived::Scalar;
  for (Index i = 0; i < x.rows(); ++i) {
    auto row = x.row(i);
    const T top = row.maxCoeff();
    if (!std::isfinite(top)) {
      row.setZero();
      continue;
    }
    const std::vector<Index>* skip =
        masked.empty() ? nullptr : &masked[static_cast<std::size_t>(i) % masked.size()];
    // Masked entries are set to the maximum before the exponential and zeroed after: the
    // clamped exp(-inf) would be a denormal, and arithmetic on denormals is ~100x slower.
    if (skip) {
      for (Index j : *skip) row(j) = top;
    }
    row = (row.array() - top).exp().matrix();
    if (skip) {
      for (Index j : *skip) row(j) = T(0);
    }
    row /= row.sum();
  }
}

// dx = y * (g - rowsum(g * y)) for y = softmax(x), written into dx.
template <class G, class Y, class D>
void softmax_backward(const G& g, const Y& y, D&& dx) {
  for (Index i = 0; i < y.rows(); ++i) {
    const auto dot = g.row(i).dot(y.row(i));
    dx.row(i).array() = y.row(i).array() * (g.row(i).array() - dot);
  }
}

// softmax_rows_in_place of x + mask (mask: x's shape, or null for none), through the AVX-512
// kernel for float where the CPU has it. `masked` lists the -infinity entries of x + mask for the
// Eigen path; null: it looks for them (the AVX-512 kernel needs no list).
template <class Derived>
void masked_softmax(Eigen::MatrixBase<Derived>& x, const typename Derived::Scalar* mask, Index ldm,
                    const std::vector<std::vector<Index>>* masked) {
  using T = typename Derived::Scalar;
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_has_avx512()) {
      avx512_softmax_rows(x.derived().data(), x.derived().outerStride(), mask, ldm, x.rows(),
                          x.cols());
      return;
    }
  }
  if (mask != nullptr) {
    x += Eigen::Map<const Mat<T>, 0, Eigen::OuterStride<>>(mask, x.rows(), x.cols(),
                                                           Eigen::OuterStride<>(ldm));
  }
  if (masked != nullptr) {
    softmax_rows_in_place(x, *masked);
  } else {
    softmax_rows_in_place(x, masked_columns(x));
  }
}

// softmax_backward, through the AVX-512 kernel for float where the CPU has it.
template <class G, class Y, class D>
void softmax_gradient(const G& g, const Y& y, D&& dx) {
  if constexpr (std::is_same_v<typename G::Scalar, float>) {
    if (cpu_has_avx512()) {
      avx512_softmax_backward(g.data(), g.outerStride(), y.data(), y.outerStride(), dx.data(),
                              dx.outerStride(), y.rows(), y.cols());
      return;
    }
  }
  softmax_backward(g, y, dx);
}

template <class T>
void require_mask_shape(const Mat<T>& x, const Mat<T>& mask) {
  if (mask.cols() != x.cols() || mask.rows() == 0 || x.rows() % mask.rows() != 0) {
    throw_shape_error("softmax (mask)", x.rows(), x.cols(), mask.rows(), mask.cols());
  }
}

template <class T>
Var<T> softmax_impl(Var<T> a, const Mat<T>* mask) {
  auto& t = impl_of(a);
  Mat<T> out = t.take(a.rows(), a.cols());
  out = a.value();
  if (mask != nullptr) {
    require_mask_shape(out, *mask);
    for (Index r = 0; r < out.rows(); r += mask->rows()) out.middleRows(r, mask->rows()) += *mask;
  }
  // -infinity may come from the input as well as the mask, so no list is passed: the Eigen path
  // looks at every entry.
  masked_softmax(out, nullptr, 0, nullptr);
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](TapeImpl<T>& t, int s) {
    Mat<T> dx = t.take(t.val(s).rows(), t.val(s).cols());
    softmax_gradient(t.grad(s), t.val(s), dx);
    t.accumulate_owned(ia, dx);
  }));
}

}  // namespace

template <class T>
Var<T> softmax(Var<T> a) {
  return softmax_impl<T>(a, nullptr);
}

template <class T>
Var<T> softmax(Var<T> a, const Mat<T>& mask) {
  return softmax_impl<T>(a, &mask);
}

template <class T>
Var<T> log_softmax(Var<T> a) {
  auto& t = impl_of(a);
  const Mat<T>& x = a.value();
  Mat<T> out = t.take(x.rows(), x.cols());
  for (Index i = 0; i < x.rows(); ++i) {
    const T top = x.row(i).maxCoeff();
    const T lse = top + std::log((x.row(i).array() - top).exp().sum());
    out.row(i) = x.row(i).array() - lse;
  }
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](TapeImpl<T>& t, int s) {
    const Mat<T>& g = t.grad(s);
    Mat<T> dx = t.take(g.rows(), g.cols());
    for (Index i = 0; i < g.rows(); ++i) {
      dx.row(i).array() = g.row(i).array() - t.val(s).row(i).array().exp() * g.row(i).sum();
    }
    t.accumulate_owned(ia, dx);
  }));
}

template <class T>
Var<T> logsumexp(Var<T> a) {
  auto& t = impl_of(a);
  const Mat<T>& x = a.value();
  Mat<T> out = t.take(x.rows(), 1);
  for (Index i = 0; i < x.rows(); ++i) {
    const T top = x.row(i).maxCoeff();
    out(i, 0) = std::isfinite(top) ? top + std::log((x.row(i).array() - top).exp().sum()) : top;
  }
  const int ia = a.id();
  // d/dx_ij = softmax(x)_ij = exp(x_ij - lse_i).
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia](TapeImpl<T>& t, int s) {
    const Mat<T>& x = t.val(ia);
    Mat<T> dx = t.take(x.rows(), x.cols());
    for (Index i = 0; i < x.rows(); ++i) {
      dx.row(i).array() = (x.row(i).array() - t.val(s)(i, 0)).exp() * t.grad(s)(i, 0);
    }
    t.accumulate_owned(ia, dx);
  }));
}

template <class T>
Mat<T> causal_mask(Index length) {
  Mat<T> m = Mat<T>::Zero(length, length);
  for (Index i = 0; i < length; ++i) {
    m.row(i).tail(length - i - 1).setConstant(-std::numeric_limits<T>::infinity());
  }
  return m;
}

namespace {

// Query rows [first, first + rows) of each sequence, and the keys they can see: every key
// from `width` on is masked for all of these rows, so its probability is an exact zero and
// the products skip it. With a causal mask, chunks of 16 queries skip 3/8 of the work at
// length 64.
struct QueryChunk {
  Index first = 0, rows = 0, width = 0;
  std::vector<std::vector<Index>> masked;  // per row, its masked keys below `width`
};

template <class T>
std::vector<QueryChunk> query_chunks(const Mat<T>& mask, Index len) {
  const auto masked = masked_columns(mask);
  std::vector<QueryChunk> chunks;
  // 16 rows per chunk measured fastest at length 64 (8 and 32 were slower); short
  // sequences still get two chunks.
  const Index step = mask.size() != 0 ? std::clamp<Index>((len + 1) / 2, 1, 16) : len;
  for (Index first = 0; first < len; first += step) {
    QueryChunk c;
    c.first = first;
    c.rows = std::min(step, len - first);
    c.width = mask.size() == 0 ? len : 0;
    for (Index i = first; i < first + c.rows && mask.size() != 0; ++i) {
      for (Index j = len - 1; j >= c.width; --j) {
        if (mask(i, j) != -std::numeric_limits<T>::infinity()) c.width = j + 1;
      }
    }
    for (Index i = first; i < first + c.rows && mask.size() != 0; ++i) {
      auto& row = c.masked.emplace_back();
      for (Index j : masked[static_cast<std::size_t>(i)]) {
        if (j < c.width) row.push_back(j);
      }
    }
    chunks.push_back(std::move(c));
  }
  return chunks;
}

}  // namespace

template <class T>
Var<T> attention(Var<T> q, Var<T> k, Var<T> v, Index batch, Index heads, const Mat<T>& mask,
                 Mat<T>* probs_out) {
  auto& t = impl_of(q);
  require_same_tape("attention", q, k);
  require_same_tape("attention", q, v);
  const Mat<T>& Q = q.value();
  const Mat<T>& K = k.value();
  const Mat<T>& V = v.value();
  if (K.rows() != Q.rows() || K.cols() != Q.cols()) {
    throw_shape_error("attention (q, k)", Q.rows(), Q.cols(), K.rows(), K.cols());
  }
  if (V.rows() != Q.rows() || V.cols() != Q.cols()) {
    throw_shape_error("attention (q, v)", Q.rows(), Q.cols(), V.rows(), V.cols());
  }
  if (batch <= 0 || heads <= 0 || Q.rows() % batch != 0 || Q.cols() % heads != 0) {
    throw_shape_error("attention (batch, heads)", Q.rows(), Q.cols(), batch, heads);
  }
  const Index len = Q.rows() / batch, dh = Q.cols() / heads;
  if (mask.size() != 0 && (mask.rows() != len || mask.cols() != len)) {
    throw_shape_error("attention (mask)", len, len, mask.rows(), mask.cols());
  }
  const T scale = T(1) / std::sqrt(static_cast<T>(dh));
  auto chunks = query_chunks(mask, len);
  Mat<T> probs = t.take(batch * heads * len, len);
  Mat<T> out = t.take(Q.rows(), Q.cols());
  // Keys transposed once per head, so that no chunk's product repacks them.
  Mat<T> keys_t = t.take(dh, len);
  for (Index b = 0; b < batch; ++b) {
    for (Index h = 0; h < heads; ++h) {
      keys_t = K.block(b * len, h * dh, len, dh).transpose();
      const auto values = V.block(b * len, h * dh, len, dh);
      for (const QueryChunk& c : chunks) {
        const Index row = b * len + c.first;
        auto p_all = probs.middleRows((b * heads + h) * len + c.first, c.rows);
        if (c.width == 0) {  // every key masked: zeros, as softmax gives
          p_all.setZero();
          out.block(row, h * dh, c.rows, dh).setZero();
          continue;
        }
        auto p = p_all.leftCols(c.width);
        gemm(Q.block(row, h * dh, c.rows, dh), false, keys_t.leftCols(c.width), false, p, scale);
        masked_softmax(p, mask.size() != 0 ? &mask(c.first, 0) : nullptr, len, &c.masked);
        p_all.rightCols(len - c.width).setZero();
        gemm(p, false, values.topRows(c.width), false, out.block(row, h * dh, c.rows, dh));
      }
    }
  }
  t.pool.give(keys_t);
  if (probs_out != nullptr) *probs_out = probs;
  const int iq = q.id(), ik = k.id(), iv = v.id();
  const bool need = t.needs(iq) || t.needs(ik) || t.needs(iv);
  auto backward = [iq, ik, iv, batch, heads, len, dh, scale, chunks = std::move(chunks)](
                      TapeImpl<T>& t, int s) {
    const Mat<T>& G = t.grad(s);
    const Mat<T>& P = t.saved(s);
    const Mat<T>& Q = t.val(iq);
    const Mat<T>& K = t.val(ik);
    const Mat<T>& V = t.val(iv);
    Mat<T> dq = t.take(Q.rows(), Q.cols()), dk = t.take(K.rows(), K.cols());
    Mat<T> dv = t.take(V.rows(), V.cols());
    // Keys collect gradient from every query chunk; queries from exactly one.
    dk.setZero();
    dv.setZero();
    Mat<T> dp = t.take(len, len), ds = t.take(len, len), values_t = t.take(dh, len);
    for (Index b = 0; b < batch; ++b) {
      for (Index h = 0; h < heads; ++h) {
        values_t = V.block(b * len, h * dh, len, dh).transpose();
        for (const QueryChunk& c : chunks) {
          const Index row = b * len + c.first;
          if (c.width == 0) {
            dq.block(row, h * dh, c.rows, dh).setZero();
            continue;
          }
          const auto p = P.block((b * heads + h) * len + c.first, 0, c.rows, c.width);
          const auto g = G.block(row, h * dh, c.rows, dh);
          const auto queries = Q.block(row, h * dh, c.rows, dh);
          auto dps = dp.topLeftCorner(c.rows, c.width);
          auto dss = ds.topLeftCorner(c.rows, c.width);
          gemm(p, true, g, false, dv.block(b * len, h * dh, c.width, dh), T(1), Store::add);
          gemm(g, false, values_t.leftCols(c.width), false, dps);
          softmax_gradient(dps, p, dss);
          gemm(dss, false, K.block(b * len, h * dh, c.width, dh), false,
               dq.block(row, h * dh, c.rows, dh), scale);
          gemm(dss, true, queries, false, dk.block(b * len, h * dh, c.width, dh), scale,
               Store::add);
        }
      }
    }
    t.pool.give(dp);
    t.pool.give(ds);
    t.pool.give(values_t);
    t.accumulate_owned(iq, dq);
    t.accumulate_owned(ik, dk);
    t.accumulate_owned(iv, dv);
  };
  return make_var(q, t.push(std::move(out), need, backward, std::move(probs)));
}

#define ASSAY_NN_INSTANTIATE(T)                   \
  template Var<T> softmax(Var<T>);                \
  template Var<T> softmax(Var<T>, const Mat<T>&); \
  template Var<T> log_softmax(Var<T>);            \
  template Var<T> logsumexp(Var<T>);              \
  template Mat<T> causal_mask<T>(Index);          \
  template Var<T> attention(Var<T>, Var<T>, Var<T>, Index, Index, const Mat<T>&, Mat<T>*);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
