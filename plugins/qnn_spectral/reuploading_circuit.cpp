#include "reuploading_circuit.hpp"

#include <cmath>
#include <unsupported/Eigen/KroneckerProduct>

namespace assay::qnn_spectral {
namespace {

using Complex = std::complex<double>;
using Matrix2c = Eigen::Matrix2cd;
constexpr Complex kI{0.0, 1.0};

double gate_angle(const Gate& g, const Eigen::VectorXd& theta, double x) {
  if (g.type == Gate::Type::encode_rx) return g.scale * x;
  return g.param >= 0 ? theta(g.param) : 0.0;
}

// exp(-i angle G / 2) for G = Z, Y or X.
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

Matrix2c generator(Gate::Type type) {
  Matrix2c m;
  if (type == Gate::Type::rz)
    m << 1, 0, 0, -1;
  else if (type == Gate::Type::ry)
    m << 0, -kI, kI, 0;
  else
    m << 0, 1, 1, 0;
  return m;
}

void apply_single(StateVector& psi, int qubit, const Matrix2c& m) {
  const Eigen::Index bit = Eigen::Index{1} << qubit;
  for (Eigen::Index i = 0; i < psi.size(); ++i) {
    if (i & bit) continue;
    const Complex a = psi(i), b = psi(i | bit);
    psi(i) = m(0, 0) * a + m(0, 1) * b;
    psi(i | bit) = m(1, 0) * a + m(1, 1) * b;
  }
}

void apply_cz(StateVector& psi, int a, int b) {
  const Eigen::Index mask = (Eigen::Index{1} << a) | (Eigen::Index{1} << b);
  for (Eigen::Index i = 0; i < psi.size(); ++i)
    if ((i & mask) == mask) psi(i) = -psi(i);
}

void apply(StateVector& psi, const Gate& g, double angle, bool adjoint) {
  if (g.type == Gate::Type::cz) return apply_cz(psi, g.qubit, g.other);
  apply_single(psi, g.qubit, rotation(g.type, adjoint ? -angle : angle));
}

void add_trainable_block(Circuit& c) {
  for (int q = 0; q < c.qubits; ++q)
    for (auto type : {Gate::Type::rz, Gate::Type::ry, Gate::Type::rz})
      c.gates.push_back({type, q, 0, c.params++, 1.0});
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
  return c;
}

StateVector run(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  StateVector psi = StateVector::Zero(Eigen::Index{1} << c.qubits);
  psi(0) = 1;
  for (const auto& g : c.gates) apply(psi, g, gate_angle(g, theta, x), false);
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
  StateVector psi = run(c, theta, x);
  ValueAndGradient out{expectation_z0(psi), Eigen::VectorXd::Zero(c.params)};
  StateVector lambda = psi;  // Z_0 |psi>
  for (Eigen::Index i = 1; i < lambda.size(); i += 2) lambda(i) = -lambda(i);
  for (auto it = c.gates.rbegin(); it != c.gates.rend(); ++it) {
    const double angle = gate_angle(*it, theta, x);
    if (it->param >= 0) {
      // d/dtheta of exp(-i theta G/2) is (-i G/2) times the gate; G commutes with it, so the
      // derivative acts on the state just after the gate.
      StateVector d = psi;
      apply_single(d, it->qubit, generator(it->type) * Complex(0, -0.5));
      out.gradient(it->param) = 2 * lambda.dot(d).real();
    }
    apply(psi, *it, angle, true);
    apply(lambda, *it, angle, true);
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
