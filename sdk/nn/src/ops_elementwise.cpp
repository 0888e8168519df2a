// Broadcasting arithmetic and activations.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <type_traits>
#include <unsupported/Eigen/SpecialFunctions>

#include "assay/nn/ops.hpp"
#include "gelu_avx512.hpp"
#include "tape_impl.hpp"

namespace assay::nn {
namespace {

enum class Arith { add, sub, mul };

// Expands m to rows x cols by repeating a single row or column (or a scalar).
template <class T>
auto expanded(const Mat<T>& m, Index rows, Index cols) {
  return m.replicate(rows / m.rows(), cols / m.cols());
}

// Adds e, an (r x c) gradient expression, to node `id` of shape (rows x cols), summing over
// the dimensions along which that node was broadcast.
template <class T, class Expr>
void accumulate_reduced(TapeImpl<T>& t, int id, const Expr& e, Index rows, Index cols) {
  if (!t.needs(id)) return;
  if (e.rows() == rows && e.cols() == cols) {
    t.accumulate(id, e);
  } else if (rows == 1 && cols == 1) {
    t.accumulate(id, Mat<T>::Constant(1, 1, e.sum()));
  } else if (rows == 1) {
    t.accumulate(id, sum_of_rows(e));
  } else {
    t.accumulate(id, e.rowwise().sum());
  }
}

bool broadcastable(Index n, Index out) { return n == out || n == 1; }

// The broadcast shape of a and b; throws naming `op` if they do not broadcast.
template <class T>
std::pair<Index, Index> broadcast_shape(const char* op, const Mat<T>& A, const Mat<T>& B) {
  const Index rows = std::max(A.rows(), B.rows()), cols = std::max(A.cols(), B.cols());
  if (!broadcastable(A.rows(), rows) || !broadcastable(A.cols(), cols) ||
      !broadcastable(B.rows(), rows) || !broadcastable(B.cols(), cols)) {
    throw_shape_error(op, A.rows(), A.cols(), B.rows(), B.cols());
  }
  return {rows, cols};
}

template <class T>
Var<T> arith(Var<T> a, Var<T> b, Arith op) {
  static constexpr const char* names[] = {"add", "sub", "mul"};
  const char* name = names[static_cast<int>(op)];
  auto& t = impl_of(a);
  require_same_tape(name, a, b);
  const Mat<T>& A = a.value();
  const Mat<T>& B = b.value();
  const auto [rows, cols] = broadcast_shape(name, A, B);
  Mat<T> out = t.take(rows, cols);
  const bool same = A.rows() == B.rows() && A.cols() == B.cols();
  auto compute = [&](const auto& x, const auto& y) {
    switch (op) {
      case Arith::add:
        out = x + y;
        break;
      case Arith::sub:
        out = x - y;
        break;
      case Arith::mul:
        out = x.cwiseProduct(y);
        break;
    }
  };
  if (same) {
    compute(A, B);
  } else if (B.rows() == rows && B.cols() == cols) {
    compute(expanded(A, rows, cols), B);
  } else if (A.rows() == rows && A.cols() == cols) {
    compute(A, expanded(B, rows, cols));
  } else {
    compute(expanded(A, rows, cols), expanded(B, rows, cols));
  }
  const int ia = a.id(), ib = b.id();
  return make_var(
      a, t.push(std::move(out), t.needs(ia) || t.needs(ib), [ia, ib, op](TapeImpl<T>& t, int s) {
        const Mat<T>& g = t.grad(s);
        const Mat<T>& A = t.val(ia);
        const Mat<T>& B = t.val(ib);
        const Index r = g.rows(), c = g.cols();
        switch (op) {
          case Arith::add:
            accumulate_reduced(t, ia, g, A.rows(), A.cols());
            accumulate_reduced(t, ib, g, B.rows(), B.cols());
            break;
          case Arith::sub:
            accumulate_reduced(t, ia, g, A.rows(), A.cols());
            accumulate_reduced(t, ib, -g, B.rows(), B.cols());
            break;
          case Arith::mul:
            if (A.rows() == r && A.cols() == c && B.rows() == r && B.cols() == c) {
              t.accumulate(ia, g.cwiseProduct(B));
              t.accumulate(ib, g.cwiseProduct(A));
            } else {
              accumulate_reduced(t, ia, g.cwiseProduct(expanded(B, r, c)), A.rows(), A.cols());
              accumulate_reduced(t, ib, g.cwiseProduct(expanded(A, r, c)), B.rows(), B.cols());
            }
            break;
        }
      }));
}

// Entrywise minimum (larger = false) or maximum of a and b. The selected side gets the
// gradient, each side half of it at a tie.
template <class T>
Var<T> extremum(Var<T> a, Var<T> b, bool larger) {
  const char* name = larger ? "maximum" : "minimum";
  auto& t = impl_of(a);
  require_same_tape(name, a, b);
  const auto [rows, cols] = broadcast_shape(name, a.value(), b.value());
  const auto A = expanded(a.value(), rows, cols);
  const auto B = expanded(b.value(), rows, cols);
  Mat<T> out = t.take(rows, cols);
  if (larger) {
    out = A.cwiseMax(B);
  } else {
    out = A.cwiseMin(B);
  }
  const int ia = a.id(), ib = b.id();
  return make_var(
      a,
      t.push(std::move(out), t.needs(ia) || t.needs(ib), [ia, ib, larger](TapeImpl<T>& t, int s) {
        const Mat<T>& g = t.grad(s);
        const Mat<T>& a = t.val(ia);
        const Mat<T>& b = t.val(ib);
        const auto A = expanded(a, g.rows(), g.cols()).array();
        const auto B = expanded(b, g.rows(), g.cols()).array();
        Mat<T> share = T(0.5) * (A == B).template cast<T>().matrix();
        if (larger) {
          share.array() += (A > B).template cast<T>();
        } else {
          share.array() += (A < B).template cast<T>();
        }
        accumulate_reduced(t, ia, g.cwiseProduct(share), a.rows(), a.cols());
        accumulate_reduced(t, ib, (g.array() * (T(1) - share.array())).matrix(), b.rows(),
                           b.cols());
      }));
}

// y = f(x) elementwise, with dy/dx computed from x and y.
template <class T, class Forward, class Derivative>
Var<T> elementwise(Var<T> a, Forward f, Derivative df) {
  auto& t = impl_of(a);
  Mat<T> out = t.take(a.rows(), a.cols());
  out.array() = f(a.value().array());
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia, df](TapeImpl<T>& t, int s) {
    t.accumulate(ia, (t.grad(s).array() * df(t.val(ia).array(), t.val(s).array())).matrix());
  }));
}

}  // namespace

template <class T>
Var<T> add(Var<T> a, Var<T> b) {
  return arith(a, b, Arith::add);
}
template <class T>
Var<T> sub(Var<T> a, Var<T> b) {
  return arith(a, b, Arith::sub);
}
template <class T>
Var<T> mul(Var<T> a, Var<T> b) {
  return arith(a, b, Arith::mul);
}

template <class T>
Var<T> minimum(Var<T> a, Var<T> b) {
  return extremum(a, b, false);
}
template <class T>
Var<T> maximum(Var<T> a, Var<T> b) {
  return extremum(a, b, true);
}

template <class T>
Var<T> scale(Var<T> a, T factor) {
  auto& t = impl_of(a);
  Mat<T> out = t.take(a.rows(), a.cols());
  out = a.value() * factor;
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia), [ia, factor](TapeImpl<T>& t, int s) {
    t.accumulate(ia, t.grad(s) * factor);
  }));
}

template <class T>
Var<T> add_scalar(Var<T> a, T shift) {
  auto& t = impl_of(a);
  Mat<T> out = t.take(a.rows(), a.cols());
  out.array() = a.value().array() + shift;
  const int ia = a.id();
  return make_var(a, t.push(std::move(out), t.needs(ia),
                            [ia](TapeImpl<T>& t, int s) { t.accumulate(ia, t.grad(s)); }));
}

template <class T>
Var<T> relu(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.max(T(0)); },
      [](const auto& x, const auto&) { return (x > T(0)).template cast<T>(); });
}

template <class T>
Var<T> leaky_relu(Var<T> a, T slope) {
  return elementwise(
      a, [slope](const auto& x) { return (x > T(0)).select(x, x * slope); },
      [slope](const auto& x, const auto&) {
        return (x > T(0)).select(
            Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic>::Ones(x.rows(), x.cols()), slope);
      });
}

// GELU's value and slope (its derivative) for every entry of x, in float through the AVX-512
// kernel where the CPU has it.
template <class T>
void gelu_with_slope(const Mat<T>& x, Mat<T>& out, Mat<T>& slope) {
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_has_avx512()) {
      avx512_gelu(x.data(), out.data(), slope.data(), x.size());
      return;
    }
  }
  const T inv_sqrt2 = T(1 / std::numbers::sqrt2);
  const T inv_sqrt_2pi = T(1 / std::sqrt(2 * std::numbers::pi));
  // Eigen's array erf is vectorised (SpecialFunctions); std::erf per entry is 5x slower.
  const auto a = x.array();
  slope.array() = T(0.5) * ((a * inv_sqrt2).erf() + T(1));
  out.array() = a * slope.array();
  slope.array() += a * inv_sqrt_2pi * (a.square() * T(-0.5)).exp();
}

template <class T>
Var<T> gelu(Var<T> a) {
  auto& t = impl_of(a);
  Mat<T> out = t.take(a.rows(), a.cols());
  // The derivative is formed here, where the CDF is at hand, rather than recomputed (erf is the
  // costly part) in the backward pass.
  Mat<T> slope = t.take(a.rows(), a.cols());
  gelu_with_slope(a.value(), out, slope);
  const int ia = a.id();
  return make_var(
      a, t.push(
             std::move(out), t.needs(ia),
             [ia](TapeImpl<T>& t, int s) { t.accumulate(ia, t.grad(s).cwiseProduct(t.saved(s))); },
             std::move(slope)));
}

template <class T>
Var<T> silu(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x * x.logistic(); },
      [](const auto& x, const auto&) {
        const auto s = x.logistic();
        return s * (T(1) + x * (T(1) - s));
      });
}

// Eigen vectorises tanh for float only; for double it calls libm entry by entry (half of a
// double-precision training step), while logistic is vectorised: tanh x = 2 sigmoid(2x) - 1.
template <class T>
Var<T> tanh(Var<T> a) {
  return elementwise(
      a,
      [](const auto& x) {
        if constexpr (std::is_same_v<T, double>)
          return T(2) * (T(2) * x).logistic() - T(1);
        else
          return x.tanh();
      },
      [](const auto& x, const auto& y) {
        if constexpr (std::is_same_v<T, double>) {
          const auto s = (T(2) * x).logistic();
          return T(4) * (s * (T(1) - s));
        } else {
          return T(1) - y.square();
        }
      });
}

template <class T>
Var<T> sigmoid(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.logistic(); },
      [](const auto&, const auto& y) { return y * (T(1) - y); });
}

template <class T>
Var<T> softplus(Var<T> a) {
  // log(1 + e^x) = max(x, 0) + log1p(e^-|x|), finite for every x.
  return elementwise(
      a, [](const auto& x) { return x.max(T(0)) + (-x.abs()).exp().log1p(); },
      [](const auto& x, const auto&) { return x.logistic(); });
}

template <class T>
Var<T> exp(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.exp(); }, [](const auto&, const auto& y) { return y; });
}

template <class T>
Var<T> log(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.log(); },
      [](const auto& x, const auto&) { return x.inverse(); });
}

template <class T>
Var<T> square(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.square(); },
      [](const auto& x, const auto&) { return T(2) * x; });
}

template <class T>
Var<T> abs(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.abs(); },
      [](const auto& x, const auto&) { return x.sign(); });
}

template <class T>
Var<T> sqrt(Var<T> a) {
  return elementwise(
      a, [](const auto& x) { return x.sqrt(); },
      [](const auto&, const auto& y) { return T(0.5) / y; });
}

template <class T>
Var<T> clamp(Var<T> a, T lo, T hi) {
  if (!(lo <= hi)) throw std::invalid_argument("assay::nn: clamp: lo must not exceed hi");
  return elementwise(
      a, [lo, hi](const auto& x) { return x.max(lo).min(hi); },
      [lo, hi](const auto& x, const auto&) { return ((x >= lo) && (x <= hi)).template cast<T>(); });
}

#define ASSAY_NN_INSTANTIATE(T)            \
  template Var<T> add(Var<T>, Var<T>);     \
  template Var<T> sub(Var<T>, Var<T>);     \
  template Var<T> mul(Var<T>, Var<T>);     \
  template Var<T> scale(Var<T>, T);        \
  template Var<T> add_scalar(Var<T>, T);   \
  template Var<T> relu(Var<T>);            \
  template Var<T> leaky_relu(Var<T>, T);   \
  template Var<T> gelu(Var<T>);            \
  template Var<T> silu(Var<T>);            \
  template Var<T> tanh(Var<T>);            \
  template Var<T> sigmoid(Var<T>);         \
  template Var<T> softplus(Var<T>);        \
  template Var<T> exp(Var<T>);             \
  template Var<T> log(Var<T>);             \
  template Var<T> square(Var<T>);          \
  template Var<T> minimum(Var<T>, Var<T>); \
  template Var<T> maximum(Var<T>, Var<T>); \
  template Var<T> abs(Var<T>);             \
  template Var<T> sqrt(Var<T>);            \
  template Var<T> clamp(Var<T>, T, T);
ASSAY_NN_FOR_SCALARS(ASSAY_NN_INSTANTIATE)

}  // namespace assay::nn
