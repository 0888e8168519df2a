// The dense products behind the tape's operations: C = alpha op(A) op(B), assigned, added to C,
// or assigned with a bias row added to every row (a Linear layer's epilogue, so no separate
// pass broadcasts the bias and no zero-fill precedes the product).
//
// For float on a CPU with AVX-512 the product runs on the register-tiled kernel of
// gemm_avx512.cpp, chosen at run time: the library is built for AVX2 (the SDK's -mavx2 -mfma and
// Eigen alignment are unchanged), and Eigen's AVX2 products reach 75-95 GFLOP/s at a training
// step's sizes against 120-170 for the kernel. Everything else (double, other CPUs) uses Eigen.
#pragma once

#include <type_traits>

#include "assay/nn/matrix.hpp"
#include "cpu_features.hpp"

namespace assay::nn {

// Element (i, p) of a float operand sits at data[i * row_stride + p * col_stride].
struct StridedOperand {
  const float* data;
  Index row_stride;
  Index col_stride;
};

enum class Store { assign, add };

// c (m x n, rows ldc apart) = alpha a b, + c if store is add, + bias (n floats) per row if given
// (with assign only). a is m x k, b is k x n with a unit stride (as detail::strided gives). A b
// whose rows are not contiguous is first copied to `scratch` (k * n floats; null: a temporary,
// which the allocator may hand back to the kernel and fault in again on the next call).
void avx512_gemm(Index m, Index n, Index k, StridedOperand a, StridedOperand b, float alpha,
                 float* c, Index ldc, Store store, const float* bias, float* scratch = nullptr);

namespace detail {

// A row-major dense operand (matrix or block), transposed or not, as a strided view.
template <class M>
StridedOperand strided(const M& m, bool transposed) {
  const Index ld = m.outerStride();
  return transposed ? StridedOperand{m.data(), 1, ld} : StridedOperand{m.data(), ld, 1};
}

template <class A, class B, class C, class T>
void eigen_gemm(const A& a, const B& b, C& c, T alpha, Store store, const T* bias) {
  if (store == Store::add) {
    c.noalias() += alpha * (a * b);
  } else if (bias != nullptr) {
    c.rowwise() = Eigen::Map<const Eigen::Matrix<T, 1, Eigen::Dynamic>>(bias, c.cols());
    c.noalias() += alpha * (a * b);
  } else {
    c.noalias() = alpha * (a * b);
  }
}

}  // namespace detail

// c = alpha op(a) op(b) (+ c, or + bias row), op transposing when asked. a, b, c are row-major
// Eigen matrices or blocks of them; c must already have its shape. Products with fewer than 16
// columns (a vector's width) stay with Eigen, which was faster there.
// A float product of at most 8 rows by a transposed b (a Linear layer's x W^T on a decoding
// step, one row per sequence) runs as one matrix-vector product per row: the kernel first copies
// b into its transposed layout, which costs more than the whole product at these sizes, and
// Eigen's matrix product is slow for a few rows. Measured for W 512 x 128 (2026-12-02, load 5):
// the kernel 42 us at 1 row and 45 us at 8, Eigen's product 14-18 us at 2-8 rows, its
// matrix-vector product 2.3 us per row.
// `scratch`, if given, holds the copy of a transposed b (resized as needed; pass the same
// buffer every training step).
inline constexpr Index kRowsWithoutPacking = 8;

template <class A, class B, class C>
void gemm(const A& a, bool ta, const B& b, bool tb, C&& c, typename A::Scalar alpha = 1,
          Store store = Store::assign, const typename A::Scalar* bias = nullptr,
          Mat<typename A::Scalar>* scratch = nullptr) {
  using T = typename A::Scalar;
  if constexpr (std::is_same_v<T, float>) {
    if (tb && !ta && c.rows() <= kRowsWithoutPacking) {
      for (Index i = 0; i < c.rows(); ++i) {
        auto row = c.row(i);
        detail::eigen_gemm(a.row(i), b.transpose(), row, alpha, store, bias);
      }
      return;
    }
    if (c.cols() >= 16 && cpu_has_avx512()) {
      const Index k = ta ? a.rows() : a.cols();
      float* copy = nullptr;
      if (tb && scratch != nullptr) {
        scratch->resize(k, c.cols());
        copy = scratch->data();
      }
      avx512_gemm(c.rows(), c.cols(), k, detail::strided(a, ta), detail::strided(b, tb), alpha,
                  c.data(), c.outerStride(), store, bias, copy);
      return;
    }
  }
  if (ta && tb) {
    detail::eigen_gemm(a.transpose(), b.transpose(), c, alpha, store, bias);
  } else if (ta) {
    detail::eigen_gemm(a.transpose(), b, c, alpha, store, bias);
  } else if (tb) {
    detail::eigen_gemm(a, b.transpose(), c, alpha, store, bias);
  } else {
    detail::eigen_gemm(a, b, c, alpha, store, bias);
  }
}

}  // namespace assay::nn
