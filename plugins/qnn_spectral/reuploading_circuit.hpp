// A data re-uploading circuit U(x) = R W_L S(x) ... S(x) W_0 on n qubits (R: the readout block),
// simulated as a state vector, with f(x) = <0|U(x)^dag Z_0 U(x)|0> and its exact parameter gradient
// by adjoint differentiation (one forward and one backward sweep, no extra circuit runs).
#pragma once

#include <Eigen/Core>
#include <complex>
#include <vector>

namespace assay::qnn_spectral {

using StateVector = Eigen::VectorXcd;

enum class Encoding { repeated, exponential };

// One gate. Trainable rotations exp(-i theta G / 2) with G = Y or Z read theta from the
// parameter vector; encoding rotations exp(-i s x X / 2) read it from the data.
struct Gate {
  enum class Type { rz, ry, encode_rx, cz };
  Type type;
  int qubit = 0;
  int other = 0;       // second qubit of a CZ
  int param = -1;      // index into the parameters of a trainable rotation
  double scale = 1.0;  // s of an encoding rotation
};

struct Circuit {
  int qubits = 1;
  int params = 0;
  std::vector<Gate> gates;
  // The scales s of every encoding gate, in circuit order.
  std::vector<double> encoding_scales() const;
};

// W_l: RZ RY RZ (a general SU(2) rotation) on every qubit, then a CZ ring (n > 1);
// S(x): RX(s x) on every qubit, with s = 1 (repeated) or s = 2^j for the j-th encoding gate
// of the circuit (exponential). For n > 1 a trainable readout block follows W_L: floor(n/2) - 1
// more W, then RZ RY RZ on every qubit, so that every encoding gate reaches <Z_0>
// (light_cone.hpp; without it the last ring hid the last encodings of all qubits but 0).
Circuit reuploading_circuit(int qubits, int layers, Encoding encoding);

// The state U(x)|0> and f(x) = <Z_0>.
StateVector run(const Circuit& c, const Eigen::VectorXd& theta, double x);
double expectation_z0(const StateVector& psi);
double evaluate(const Circuit& c, const Eigen::VectorXd& theta, double x);
// f at every input of xs (the input-independent work done once).
Eigen::VectorXd evaluate_batch(const Circuit& c, const Eigen::VectorXd& theta,
                               const Eigen::VectorXd& xs);

// f(x) and df/dtheta by adjoint differentiation.
struct ValueAndGradient {
  double value = 0;
  Eigen::VectorXd gradient;
};
ValueAndGradient value_and_gradient(const Circuit& c, const Eigen::VectorXd& theta, double x);

// The full 2^n x 2^n unitary as a product of Kronecker-expanded gate matrices: an independent
// (and exponentially slower) evaluation used to test the simulator.
Eigen::MatrixXcd full_unitary(const Circuit& c, const Eigen::VectorXd& theta, double x);

}  // namespace assay::qnn_spectral
