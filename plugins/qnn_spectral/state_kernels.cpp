#include "state_kernels.hpp"

#include <type_traits>

namespace assay::qnn_spectral {
namespace {

using Complex = std::complex<double>;
using Type = Gate::Type;
template <Type kType>
using TypeTag = std::integral_constant<Type, kType>;

// Complex products are spelled out in real arithmetic: std::complex's operator* guards against
// inf/nan (a libgcc call) and keeps the loops from vectorising.
Complex times(Complex a, double re, double im) {
  return {a.real() * re - a.imag() * im, a.real() * im + a.imag() * re};
}
// Re and Im of conj(u) w.
double re_dot(Complex u, Complex w) { return u.real() * w.real() + u.imag() * w.imag(); }
double im_dot(Complex u, Complex w) { return u.real() * w.imag() - u.imag() * w.real(); }

// Calls pair(i, i + 2^qubit) for every index i whose bit `qubit` is clear, block by block; for
// qubit 0, whose blocks are single pairs, over all pairs (2k, 2k + 1) in one loop, so that both
// vectorise.
template <class Pair>
void for_each_pair(Eigen::Index size, int qubit, Pair pair) {
  const Eigen::Index bit = Eigen::Index{1} << qubit;
  if (qubit == 0) {
#pragma omp simd
    for (Eigen::Index i = 0; i < size; i += 2) pair(i, i + 1);
    return;
  }
  for (Eigen::Index block = 0; block < size; block += 2 * bit) {
#pragma omp simd
    for (Eigen::Index i = block; i < block + bit; ++i) pair(i, i + bit);
  }
}

// The sum of term(i, i + 2^qubit) over the pairs, as for_each_pair visits them; OpenMP's simd
// reduction sums it in vector lanes (in another order than one by one: equal up to rounding).
template <class Term>
double sum_over_pairs(Eigen::Index size, int qubit, Term term) {
  double sum = 0;
  if (qubit == 0) {
#pragma omp simd reduction(+ : sum)
    for (Eigen::Index i = 0; i < size; i += 2) sum += term(i, i + 1);
    return sum;
  }
  const Eigen::Index bit = Eigen::Index{1} << qubit;
  for (Eigen::Index block = 0; block < size; block += 2 * bit) {
#pragma omp simd reduction(+ : sum)
    for (Eigen::Index i = block; i < block + bit; ++i) sum += term(i, i + bit);
  }
  return sum;
}

// exp(-i angle G / 2) on one amplitude pair: diag(c - is, c + is) for Z, [[c, -s], [s, c]] for
// Y, [[c, -is], [-is, c]] for X.
template <Type kType>
void rotate(Complex& a, Complex& b, double c, double s) {
  const Complex a0 = a, b0 = b;
  if constexpr (kType == Type::rz) {
    a = times(a0, c, -s);
    b = times(b0, c, s);
  } else if constexpr (kType == Type::ry) {
    a = {c * a0.real() - s * b0.real(), c * a0.imag() - s * b0.imag()};
    b = {s * a0.real() + c * b0.real(), s * a0.imag() + c * b0.imag()};
  } else {
    a = {c * a0.real() + s * b0.imag(), c * a0.imag() - s * b0.real()};
    b = {s * a0.imag() + c * b0.real(), c * b0.imag() - s * a0.real()};
  }
}

// The pair's share of Im <lambda| G |psi>: Z = diag(1, -1); Y|0> = i|1>, Y|1> = -i|0>.
template <Type kType>
double derivative_term(Complex la, Complex lb, Complex va, Complex vb) {
  if constexpr (kType == Type::rz)
    return im_dot(la, va) - im_dot(lb, vb);
  else if constexpr (kType == Type::ry)
    return re_dot(lb, va) - re_dot(la, vb);
  else
    return 0;  // encoding rotations are not trainable
}

// Undoes a rotation on one pair of psi and of lambda, returning the pair's derivative term
// (taken before the undo: the rotation commutes with its generator).
template <Type kType>
double undo_pair(Complex& va, Complex& vb, Complex& la, Complex& lb, double c, double s) {
  const double term = derivative_term<kType>(la, lb, va, vb);
  rotate<kType>(va, vb, c, -s);
  rotate<kType>(la, lb, c, -s);
  return term;
}

// Calls body(TypeTag<type>{}) so that the pair loops are compiled once per rotation type.
template <class Body>
auto with_rotation_type(Type type, Body body) {
  switch (type) {
    case Type::rz:
      return body(TypeTag<Type::rz>{});
    case Type::ry:
      return body(TypeTag<Type::ry>{});
    default:
      return body(TypeTag<Type::encode_rx>{});
  }
}

}  // namespace

Eigen::Matrix2cd rotation_matrix(Type type, double c, double s) {
  Eigen::Matrix2cd m;
  switch (type) {
    case Type::rz:
      m << Complex(c, -s), 0, 0, Complex(c, s);
      break;
    case Type::ry:
      m << c, -s, s, c;
      break;
    default:
      m << c, Complex(0, -s), Complex(0, -s), c;
  }
  return m;
}

void apply_matrix(StateVector& psi, int qubit, const Eigen::Matrix2cd& u) {
  Complex* v = psi.data();
  const Complex u00 = u(0, 0), u01 = u(0, 1), u10 = u(1, 0), u11 = u(1, 1);
  for_each_pair(psi.size(), qubit, [&](auto i, auto j) {
    const Complex a = v[i], b = v[j];
    v[i] = times(a, u00.real(), u00.imag()) + times(b, u01.real(), u01.imag());
    v[j] = times(a, u10.real(), u10.imag()) + times(b, u11.real(), u11.imag());
  });
}

void apply_gate(StateVector& psi, const Gate& g, double c, double s) {
  Complex* v = psi.data();
  with_rotation_type(g.type, [&](auto tag) {
    for_each_pair(psi.size(), g.qubit,
                  [&](auto i, auto j) { rotate<decltype(tag)::value>(v[i], v[j], c, s); });
  });
}

double undo_gate(StateVector& psi, StateVector& lambda, const Gate& g, double c, double s) {
  Complex* v = psi.data();
  Complex* l = lambda.data();
  return with_rotation_type(g.type, [&](auto tag) {
    constexpr Type kType = decltype(tag)::value;
    const double sum = sum_over_pairs(psi.size(), g.qubit, [&](auto i, auto j) {
      return undo_pair<kType>(v[i], v[j], l[i], l[j], c, s);
    });
    return g.param >= 0 ? sum : 0.0;
  });
}

void apply_signs(StateVector& psi, const Eigen::VectorXd& signs) {
  Complex* v = psi.data();
  const double* sign = signs.data();
#pragma omp simd
  for (Eigen::Index i = 0; i < psi.size(); ++i) v[i] *= sign[i];
}

}  // namespace assay::qnn_spectral
