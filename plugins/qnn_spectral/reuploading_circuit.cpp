#include "reuploading_circuit.hpp"

#include <cmath>
#include <unsupported/Eigen/KroneckerProduct>

#include "circuit_simulator.hpp"

namespace assay::qnn_spectral {
namespace {

double gate_angle(const Gate& g, const Eigen::VectorXd& theta, double x) {
  if (g.type == Gate::Type::encode_rx) return g.scale * x;
  return g.param >= 0 ? theta(g.param) : 0.0;
}

using Complex = std::complex<double>;

// The generator G of a rotation exp(-i angle G / 2): Z, Y or X (for the brute-force reference,
// which builds each rotation as cos(angle/2) I - i sin(angle/2) G, independently of the
// simulator's kernels).
Eigen::Matrix2cd pauli(Gate::Type type) {
  Eigen::Matrix2cd m;
  if (type == Gate::Type::rz)
    m << 1, 0, 0, -1;
  else if (type == Gate::Type::ry)
    m << 0, Complex(0, -1), Complex(0, 1), 0;
  else
    m << 0, 1, 1, 0;
  return m;
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
  return CircuitSimulator(c, theta).run(x);
}

double expectation_z0(const StateVector& psi) {
  double f = 0;
  for (Eigen::Index i = 0; i < psi.size(); ++i) f += (i & 1 ? -1.0 : 1.0) * std::norm(psi(i));
  return f;
}

double evaluate(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  return CircuitSimulator(c, theta).values(Eigen::VectorXd::Constant(1, x))(0);
}

Eigen::VectorXd evaluate_batch(const Circuit& c, const Eigen::VectorXd& theta,
                               const Eigen::VectorXd& xs) {
  return CircuitSimulator(c, theta).values(xs);
}

ValueAndGradient value_and_gradient(const Circuit& c, const Eigen::VectorXd& theta, double x) {
  Eigen::VectorXd value;
  Eigen::MatrixXd jacobian;
  CircuitSimulator(c, theta).values_and_jacobian(Eigen::VectorXd::Constant(1, x), value, jacobian);
  return {value(0), jacobian.row(0).transpose()};
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
      const double a = gate_angle(g, theta, x) / 2;
      const Eigen::MatrixXcd r =
          std::cos(a) * Eigen::Matrix2cd::Identity() - Complex(0, std::sin(a)) * pauli(g.type);
      m = Eigen::kroneckerProduct(high, Eigen::kroneckerProduct(r, low).eval()).eval();
    }
    u = m * u;
  }
  return u;
}

}  // namespace assay::qnn_spectral
