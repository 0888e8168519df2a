#include "state_kernels.hpp"

#include <type_traits>

namespace assay::qnn_spectral {
namespace {

using Complex = std::complex<double>;
using Type = Gate::Type;
template <Type kType>
using TypeTag = std::integral_constant<Type, kType>;

// Calls pair(i * kLanes, (i + 2^qubit) * kLanes), the offsets of amplitudes i and i + 2^qubit,
// for every index i whose bit `qubit` is clear.
template <class Pair>
void for_each_pair(const LaneStates& psi, int qubit, Pair pair) {
  const std::size_t size = std::size_t{1} << psi.qubits, bit = std::size_t{1} << qubit;
  for (std::size_t block = 0; block < size; block += 2 * bit)
    for (std::size_t i = block; i < block + bit; ++i) pair(i * kLanes, (i + bit) * kLanes);
}

// exp(-i angle G / 2) on one amplitude pair (a, b) = (ar + i ai, br + i bi): diag(c - is, c + is)
// for Z, [[c, -s], [s, c]] for Y, [[c, -is], [-is, c]] for X.
template <Type kType>
void rotate(double& ar, double& ai, double& br, double& bi, double c, double s) {
  const double xr = ar, xi = ai, yr = br, yi = bi;
  if constexpr (kType == Type::rz) {
    ar = c * xr + s * xi, ai = c * xi - s * xr;
    br = c * yr - s * yi, bi = c * yi + s * yr;
  } else if constexpr (kType == Type::ry) {
    ar = c * xr - s * yr, ai = c * xi - s * yi;
    br = s * xr + c * yr, bi = s * xi + c * yi;
  } else {
    ar = c * xr + s * yi, ai = c * xi - s * yr;
    br = s * xi + c * yr, bi = c * yi - s * xr;
  }
}

// The pair's share of Im <lambda| G |psi> (l: lambda, v: psi): Z = diag(1, -1);
// Y|0> = i|1>, Y|1> = -i|0>.
template <Type kType>
double derivative_term(double lar, double lai, double lbr, double lbi, double var, double vai,
                       double vbr, double vbi) {
  if constexpr (kType == Type::rz)
    return (lar * vai - lai * var) - (lbr * vbi - lbi * vbr);
  else if constexpr (kType == Type::ry)
    return (lbr * var + lbi * vai) - (lar * vbr + lai * vbi);
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

}  // namespace

LaneStates::LaneStates(int n) : qubits(n), re(kLanes << n, 0.0), im(kLanes << n, 0.0) {
  for (int l = 0; l < kLanes; ++l) re[l] = 1;
}

void LaneMatrix::set(int lane, const Eigen::Matrix2cd& u) {
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) re[r][c][lane] = u(r, c).real(), im[r][c][lane] = u(r, c).imag();
}

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

void apply_matrix(LaneStates& psi, int qubit, const LaneMatrix& u) {
  double* re = psi.re.data();
  double* im = psi.im.data();
  // Copies: the entries must not be read back after every store through re and im.
  const auto ur = u.re, ui = u.im;
  for_each_pair(psi, qubit, [&](std::size_t a, std::size_t b) {
#pragma omp simd
    for (int l = 0; l < kLanes; ++l) {
      const double xr = re[a + l], xi = im[a + l], yr = re[b + l], yi = im[b + l];
      re[a + l] = ur[0][0][l] * xr - ui[0][0][l] * xi + ur[0][1][l] * yr - ui[0][1][l] * yi;
      im[a + l] = ur[0][0][l] * xi + ui[0][0][l] * xr + ur[0][1][l] * yi + ui[0][1][l] * yr;
      re[b + l] = ur[1][0][l] * xr - ui[1][0][l] * xi + ur[1][1][l] * yr - ui[1][1][l] * yi;
      im[b + l] = ur[1][0][l] * xi + ui[1][0][l] * xr + ur[1][1][l] * yi + ui[1][1][l] * yr;
    }
  });
}

void apply_signs(LaneStates& psi, const Eigen::VectorXd& signs) {
  double* re = psi.re.data();
  double* im = psi.im.data();
  for (Eigen::Index i = 0; i < signs.size(); ++i) {
    const double sign = signs(i);
#pragma omp simd
    for (int l = 0; l < kLanes; ++l) re[i * kLanes + l] *= sign, im[i * kLanes + l] *= sign;
  }
}

Lanes undo_rotation(LaneStates& psi, LaneStates& lambda, Type type, int qubit, Lanes c, Lanes s) {
  double* vr = psi.re.data();
  double* vi = psi.im.data();
  double* lr = lambda.re.data();
  double* li = lambda.im.data();
  return with_rotation_type(type, [&](auto tag) {
    constexpr Type kType = decltype(tag)::value;
    Lanes d{};
    for_each_pair(psi, qubit, [&](std::size_t a, std::size_t b) {
#pragma omp simd
      for (int l = 0; l < kLanes; ++l) {
        d[l] += derivative_term<kType>(lr[a + l], li[a + l], lr[b + l], li[b + l], vr[a + l],
                                       vi[a + l], vr[b + l], vi[b + l]);
        rotate<kType>(vr[a + l], vi[a + l], vr[b + l], vi[b + l], c[l], -s[l]);
        rotate<kType>(lr[a + l], li[a + l], lr[b + l], li[b + l], c[l], -s[l]);
      }
    });
    return d;
  });
}

std::array<Lanes, 3> undo_zyz(LaneStates& psi, LaneStates& lambda, int qubit, const Lanes* cs,
                              const Lanes* ss) {
  double* vr = psi.re.data();
  double* vi = psi.im.data();
  double* lr = lambda.re.data();
  double* li = lambda.im.data();
  const Lanes c0 = cs[0], c1 = cs[1], c2 = cs[2], s0 = ss[0], s1 = ss[1], s2 = ss[2];
  Lanes d0{}, d1{}, d2{};
  for_each_pair(psi, qubit, [&](std::size_t a, std::size_t b) {
#pragma omp simd
    for (int l = 0; l < kLanes; ++l) {
      double xar = vr[a + l], xai = vi[a + l], xbr = vr[b + l], xbi = vi[b + l];
      double yar = lr[a + l], yai = li[a + l], ybr = lr[b + l], ybi = li[b + l];
      d2[l] += derivative_term<Type::rz>(yar, yai, ybr, ybi, xar, xai, xbr, xbi);
      rotate<Type::rz>(xar, xai, xbr, xbi, c2[l], -s2[l]);
      rotate<Type::rz>(yar, yai, ybr, ybi, c2[l], -s2[l]);
      d1[l] += derivative_term<Type::ry>(yar, yai, ybr, ybi, xar, xai, xbr, xbi);
      rotate<Type::ry>(xar, xai, xbr, xbi, c1[l], -s1[l]);
      rotate<Type::ry>(yar, yai, ybr, ybi, c1[l], -s1[l]);
      d0[l] += derivative_term<Type::rz>(yar, yai, ybr, ybi, xar, xai, xbr, xbi);
      rotate<Type::rz>(xar, xai, xbr, xbi, c0[l], -s0[l]);
      rotate<Type::rz>(yar, yai, ybr, ybi, c0[l], -s0[l]);
      vr[a + l] = xar, vi[a + l] = xai, vr[b + l] = xbr, vi[b + l] = xbi;
      lr[a + l] = yar, li[a + l] = yai, lr[b + l] = ybr, li[b + l] = ybi;
    }
  });
  return {d0, d1, d2};
}

Lanes expectation_z0(const LaneStates& psi) {
  Lanes f{};
  const std::size_t size = std::size_t{1} << psi.qubits;
  for (std::size_t i = 0; i < size; ++i) {
    const double sign = i & 1 ? -1.0 : 1.0;
    for (int l = 0; l < kLanes; ++l) {
      const double r = psi.re[i * kLanes + l], m = psi.im[i * kLanes + l];
      f[l] += sign * (r * r + m * m);
    }
  }
  return f;
}

StateVector lane_state(const LaneStates& psi, int lane) {
  StateVector v(Eigen::Index{1} << psi.qubits);
  for (Eigen::Index i = 0; i < v.size(); ++i)
    v(i) = {psi.re[i * kLanes + lane], psi.im[i * kLanes + lane]};
  return v;
}

}  // namespace assay::qnn_spectral
