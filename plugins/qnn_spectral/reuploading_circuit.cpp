#include "reuploading_circuit.hpp"

#include <cmath>
#include <unsupported/Eigen/KroneckerProduct>

#include "state_kernels.hpp"

namespace assay::qnn_spectral {
namespace {

using Complex = std::complex<double>;
using Matrix2c = Eigen::Matrix2cd;
constexpr Complex kI{0.0, 1.0};

double gate_angle(const Gate& g, const Eigen::VectorXd& theta, double x) {
  if (g.type == Gate::Type::encode_rx) return g.scale * x;
  return g.param >= 0 ? theta(g.param) : 0.0;
}

// exp(-i angle G / 2) for G = Z, Y or X as a matrix, for the brute-force reference.
Matrix2c rotation(Gate::Type type, double angle) {
  const double c = std::cos(angle / 2), s = std::sin(angle / 2);
  Matrix2c m;
  switch (type) {
    case Gate::Type::rz:
      m << Complex(c, -s), 0, 0, Complex(c, s);
      break;
    case Gate::Type::ry:
      m << c, -s, s, c;
      break;
    default:
      m << c, -kI * s, -kI * s, c;
  }
  return m;
}

// cos and sin of half of every gate's angle (zero for CZ), computed once per input.
struct HalfAngles {
  std::vector<double> cos, sin;
};
HalfAngles half_angles(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  HalfAngles h{std::vector<double>(c.gates.size()), std::vector<double>(c.gates.size())};
  for (std::size_t g = 0; g < c.gates.size(); ++g) {
    const double a = gate_angle(c.gates[g], theta, x) / 2;
    h.cos[g] = std::cos(a);
    h.sin[g] = std::sin(a);
  }
  return h;
}

void add_rotations(Circuit& c) {
  for (int q = 0; q < c.qubits; ++q)
    for (auto type : {Gate::Type::rz, Gate::Type::ry, Gate::Type::rz})
      c.gates.push_back({type, q, 0, c.params++, 1.0});
}

void add_trainable_block(Circuit& c) {
  add_rotations(c);
  if (c.qubits == 2) c.gates.push_back({Gate::Type::cz, 0, 1});
  if (c.qubits > 2)
    for (int q = 0; q < c.qubits; ++q) c.gates.push_back({Gate::Type::cz, q, (q + 1) % c.qubits});
}

}  // namespace

std::vector<double> Circuit::encoding_scales() const {
  std::vector<double> scales;
  for (const auto& g : gates)
    if (g.type == Gate::Type::encode_rx) scales.push_back(g.scale);
  return scales;
}

Circuit reuploading_circuit(int qubits, int layers, Encoding encoding) {
  Circuit c;
  c.qubits = qubits;
  add_trainable_block(c);
  int j = 0;
  for (int l = 0; l < layers; ++l) {
    for (int q = 0; q < qubits; ++q, ++j) {
      const double s = encoding == Encoding::repeated ? 1.0 : std::ldexp(1.0, j);
      c.gates.push_back({Gate::Type::encode_rx, q, 0, -1, s});
    }
    add_trainable_block(c);
  }
  // <Z_0> commutes with the last CZ ring, so without a readout block only qubit 0's last encoding
  // gate would reach it; each further ring spreads the readout one qubit along the ring.
  if (qubits > 1) {
    for (int extra = 1; extra < qubits / 2; ++extra) add_trainable_block(c);
    add_rotations(c);
  }
  return c;
}

StateVector run(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  StateVector psi = StateVector::Zero(Eigen::Index{1} << c.qubits);
  psi(0) = 1;
  for (const auto& g : c.gates) {
    const double a = gate_angle(g, theta, x) / 2;
    apply_gate(psi, g, std::cos(a), std::sin(a));
  }
  return psi;
}

double expectation_z0(const StateVector& psi) {
  double f = 0;
  for (Eigen::Index i = 0; i < psi.size(); ++i) f += (i & 1 ? -1.0 : 1.0) * std::norm(psi(i));
  return f;
}

double evaluate(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  return expectation_z0(run(c, theta, x));
}

ValueAndGradient value_and_gradient(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  const HalfAngles h = half_angles(c, theta, x);
  StateVector psi = StateVector::Zero(Eigen::Index{1} << c.qubits);
  psi(0) = 1;
  for (std::size_t g = 0; g < c.gates.size(); ++g) apply_gate(psi, c.gates[g], h.cos[g], h.sin[g]);
  ValueAndGradient out{expectation_z0(psi), Eigen::VectorXd::Zero(c.params)};
  StateVector lambda = psi;  // Z_0 |psi>
  for (Eigen::Index i = 1; i < lambda.size(); i += 2) lambda(i) = -lambda(i);
  for (std::size_t g = c.gates.size(); g-- > 0;) {
    const double derivative = undo_gate(psi, lambda, c.gates[g], h.cos[g], h.sin[g]);
    if (c.gates[g].param >= 0) out.gradient(c.gates[g].param) = derivative;
  }
  return out;
}

Eigen::MatrixXcd full_unitary(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  const Eigen::Index dim = Eigen::Index{1} << c.qubits;
  Eigen::MatrixXcd u = Eigen::MatrixXcd::Identity(dim, dim);
  for (const auto& g : c.gates) {
    Eigen::MatrixXcd m;
    if (g.type == Gate::Type::cz) {
      m = Eigen::MatrixXcd::Identity(dim, dim);
      const Eigen::Index mask = (Eigen::Index{1} << g.qubit) | (Eigen::Index{1} << g.other);
      for (Eigen::Index i = 0; i < dim; ++i)
        if ((i & mask) == mask) m(i, i) = -1;
    } else {
      // Qubit q is bit q of the basis index: identities above and below it.
      const Eigen::MatrixXcd high =
          Eigen::MatrixXcd::Identity(dim >> (g.qubit + 1), dim >> (g.qubit + 1));
      const Eigen::MatrixXcd low =
          Eigen::MatrixXcd::Identity(Eigen::Index{1} << g.qubit, Eigen::Index{1} << g.qubit);
      const Eigen::MatrixXcd r = rotation(g.type, gate_angle(g, theta, x));
      m = Eigen::kroneckerProduct(high, Eigen::kroneckerProduct(r, low).eval()).eval();
    }
    u = m * u;
  }
  return u;
}

}  // namespace assay::qnn_spectral
