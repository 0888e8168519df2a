#include "circuit_simulator.hpp"

#include <cmath>

#include "state_kernels.hpp"

namespace assay::qnn_spectral {

CircuitSimulator::CircuitSimulator(const Circuit& c, const Eigen::VectorXd& theta)
    : circuit_(c),
      runs_(gate_runs(c)),
      cos_(c.gates.size(), 1.0),
      sin_(c.gates.size(), 0.0),
      run_matrices_(runs_.size()),
      signs_(runs_.size()) {
  for (std::size_t g = 0; g < c.gates.size(); ++g) {
    const Gate& gate = c.gates[g];
    if (gate.type == Gate::Type::cz || gate.type == Gate::Type::encode_rx) continue;
    const double a = (gate.param >= 0 ? theta(gate.param) : 0.0) / 2;
    cos_[g] = std::cos(a);
    sin_[g] = std::sin(a);
  }
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    if (!runs_[r].rotations) {
      signs_[r] = cz_signs(runs_[r]);
      continue;
    }
    bool has_input = false;
    for (std::size_t g = runs_[r].begin; g < runs_[r].end; ++g)
      has_input |= c.gates[g].type == Gate::Type::encode_rx;
    if (has_input)
      input_runs_.push_back(r);
    else if (runs_[r].end - runs_[r].begin > 1)
      run_matrices_[r] = run_matrix(runs_[r]);
  }
}

void CircuitSimulator::set_input(double x) {
  for (std::size_t r : input_runs_) {
    const GateRun& run = runs_[r];
    for (std::size_t g = run.begin; g < run.end; ++g) {
      const Gate& gate = circuit_.gates[g];
      if (gate.type != Gate::Type::encode_rx) continue;
      cos_[g] = std::cos(gate.scale * x / 2);
      sin_[g] = std::sin(gate.scale * x / 2);
    }
    if (run.end - run.begin > 1) run_matrices_[r] = run_matrix(run);
  }
}

// (-1)^(number of the run's CZs whose two qubits are both 1) for every basis index.
Eigen::VectorXd CircuitSimulator::cz_signs(const GateRun& run) const {
  Eigen::VectorXd signs(Eigen::Index{1} << circuit_.qubits);
  for (Eigen::Index i = 0; i < signs.size(); ++i) {
    Eigen::Index parity = 0;
    for (std::size_t g = run.begin; g < run.end; ++g)
      parity ^= (i >> circuit_.gates[g].qubit) & (i >> circuit_.gates[g].other) & 1;
    signs(i) = parity ? -1.0 : 1.0;
  }
  return signs;
}

// The product of a run's rotation matrices, the first gate rightmost.
Eigen::Matrix2cd CircuitSimulator::run_matrix(const GateRun& run) const {
  Eigen::Matrix2cd u = Eigen::Matrix2cd::Identity();
  for (std::size_t g = run.begin; g < run.end; ++g)
    u = rotation_matrix(circuit_.gates[g].type, cos_[g], sin_[g]) * u;
  return u;
}

StateVector CircuitSimulator::forward() const {
  StateVector psi = StateVector::Zero(Eigen::Index{1} << circuit_.qubits);
  psi(0) = 1;
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    const GateRun& run = runs_[r];
    if (!run.rotations)
      apply_signs(psi, signs_[r]);
    else if (run.end - run.begin == 1)
      apply_gate(psi, circuit_.gates[run.begin], cos_[run.begin], sin_[run.begin]);
    else
      apply_matrix(psi, run.qubit, run_matrices_[r]);
  }
  return psi;
}

StateVector CircuitSimulator::run(double x) {
  set_input(x);
  return forward();
}

double CircuitSimulator::evaluate(double x) { return expectation_z0(run(x)); }

ValueAndGradient CircuitSimulator::value_and_gradient(double x) {
  StateVector psi = run(x);
  ValueAndGradient out{expectation_z0(psi), Eigen::VectorXd::Zero(circuit_.params)};
  StateVector lambda = psi;  // Z_0 |psi>
  for (Eigen::Index i = 1; i < lambda.size(); i += 2) lambda(i) = -lambda(i);
  for (std::size_t r = runs_.size(); r-- > 0;) {
    const GateRun& run = runs_[r];
    if (!run.rotations) {  // a CZ layer is its own inverse
      apply_signs(psi, signs_[r]);
      apply_signs(lambda, signs_[r]);
      continue;
    }
    for (std::size_t g = run.end; g-- > run.begin;) {
      const double derivative = undo_gate(psi, lambda, circuit_.gates[g], cos_[g], sin_[g]);
      if (circuit_.gates[g].param >= 0) out.gradient(circuit_.gates[g].param) = derivative;
    }
  }
  return out;
}

}  // namespace assay::qnn_spectral
