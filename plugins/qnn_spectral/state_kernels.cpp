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

// Calls pair(i, i + 2^qubit) for every index i whose bit `qubit` is clear, block by block.
template <class Pair>
void for_each_pair(Eigen::Index size, int qubit, Pair pair) {
  const Eigen::Index bit = Eigen::Index{1} << qubit;
  for (Eigen::Index block = 0; block < size; block += 2 * bit)
    for (Eigen::Index i = block; i < block + bit; ++i) pair(i, i + bit);
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

// Negates the amplitudes with bits a and b set, visiting only those: (i + 1) | mask is the
// next index above i that has every bit of mask set.
void apply_cz(StateVector& psi, int a, int b) {
  const Eigen::Index mask = (Eigen::Index{1} << a) | (Eigen::Index{1} << b);
  for (Eigen::Index i = mask; i < psi.size(); i = (i + 1) | mask) psi(i) = -psi(i);
}

}  // namespace

void apply_gate(StateVector& psi, const Gate& g, double c, double s) {
  if (g.type == Type::cz) return apply_cz(psi, g.qubit, g.other);
  Complex* v = psi.data();
  with_rotation_type(g.type, [&](auto tag) {
    for_each_pair(psi.size(), g.qubit,
                  [&](auto i, auto j) { rotate<decltype(tag)::value>(v[i], v[j], c, s); });
  });
}

double undo_gate(StateVector& psi, StateVector& lambda, const Gate& g, double c, double s) {
  if (g.type == Type::cz) {
    apply_cz(psi, g.qubit, g.other);  // CZ is its own inverse
    apply_cz(lambda, g.qubit, g.other);
    return 0;
  }
  Complex* v = psi.data();
  Complex* l = lambda.data();
  return with_rotation_type(g.type, [&](auto tag) {
    constexpr Type kType = decltype(tag)::value;
    double sum = 0;
    for_each_pair(psi.size(), g.qubit, [&](auto i, auto j) {
      sum += derivative_term<kType>(l[i], l[j], v[i], v[j]);
      rotate<kType>(v[i], v[j], c, -s);
      rotate<kType>(l[i], l[j], c, -s);
    });
    return g.param >= 0 ? sum : 0.0;
  });
}

}  // namespace assay::qnn_spectral
