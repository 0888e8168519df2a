#include "circuit_simulator.hpp"

#include <algorithm>
#include <cmath>

namespace assay::qnn_spectral {

namespace {

// (-1)^(number of the run's CZs whose two qubits are both 1) for every basis index.
Eigen::VectorXd cz_signs(const Circuit& c, const GateRun& run) {
  Eigen::VectorXd signs(Eigen::Index{1} << c.qubits);
  for (Eigen::Index i = 0; i < signs.size(); ++i) {
    Eigen::Index parity = 0;
    for (std::size_t g = run.begin; g < run.end; ++g)
      parity ^= (i >> c.gates[g].qubit) & (i >> c.gates[g].other) & 1;
    signs(i) = parity ? -1.0 : 1.0;
  }
  return signs;
}

}  // namespace

CircuitSimulator::CircuitSimulator(const Circuit& c, const Eigen::VectorXd& theta)
    : circuit_(c),
      runs_(gate_runs(c)),
      cos_(c.gates.size()),
      sin_(c.gates.size()),
      run_matrices_(runs_.size()),
      signs_(runs_.size()) {
  for (std::size_t g = 0; g < c.gates.size(); ++g) {
    const Gate& gate = c.gates[g];
    if (gate.type == Gate::Type::cz || gate.type == Gate::Type::encode_rx) continue;
    const double a = (gate.param >= 0 ? theta(gate.param) : 0.0) / 2;
    cos_[g].fill(std::cos(a));
    sin_[g].fill(std::sin(a));
  }
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    if (!runs_[r].rotations) {
      signs_[r] = cz_signs(c, runs_[r]);
      continue;
    }
    bool has_input = false;
    for (std::size_t g = runs_[r].begin; g < runs_[r].end; ++g)
      has_input |= c.gates[g].type == Gate::Type::encode_rx;
    if (has_input)
      input_runs_.push_back(r);
    else
      set_run_matrix(r, false);
  }
}

void CircuitSimulator::set_inputs(const Eigen::VectorXd& xs, Eigen::Index first) {
  for (std::size_t r : input_runs_) {
    for (std::size_t g = runs_[r].begin; g < runs_[r].end; ++g) {
      const Gate& gate = circuit_.gates[g];
      if (gate.type != Gate::Type::encode_rx) continue;
      for (int l = 0; l < kLanes; ++l) {
        const double x = xs(std::min(first + l, xs.size() - 1));
        cos_[g][l] = std::cos(gate.scale * x / 2);
        sin_[g][l] = std::sin(gate.scale * x / 2);
      }
    }
    set_run_matrix(r, true);
  }
}

// The product of the run's rotation matrices per lane, the first gate rightmost; one product
// for all lanes when the run has no encoding gate (`per_lane` false).
void CircuitSimulator::set_run_matrix(std::size_t r, bool per_lane) {
  Eigen::Matrix2cd u;
  for (int l = 0; l < kLanes; ++l) {
    if (per_lane || l == 0) {
      u = Eigen::Matrix2cd::Identity();
      for (std::size_t g = runs_[r].begin; g < runs_[r].end; ++g)
        u = rotation_matrix(circuit_.gates[g].type, cos_[g][l], sin_[g][l]) * u;
    }
    run_matrices_[r].set(l, u);
  }
}

LaneStates CircuitSimulator::forward() const {
  LaneStates psi(circuit_.qubits);
  for (std::size_t r = 0; r < runs_.size(); ++r) {
    if (runs_[r].rotations)
      apply_matrix(psi, runs_[r].qubit, run_matrices_[r]);
    else
      apply_signs(psi, signs_[r]);
  }
  return psi;
}

StateVector CircuitSimulator::run(double x) {
  set_inputs(Eigen::VectorXd::Constant(1, x), 0);
  return lane_state(forward(), 0);
}

Eigen::VectorXd CircuitSimulator::values(const Eigen::VectorXd& xs) {
  Eigen::VectorXd f(xs.size());
  for (Eigen::Index first = 0; first < xs.size(); first += kLanes) {
    set_inputs(xs, first);
    const Lanes lanes = expectation_z0(forward());
    for (Eigen::Index l = 0; l < kLanes && first + l < xs.size(); ++l) f(first + l) = lanes[l];
  }
  return f;
}

void CircuitSimulator::values_and_jacobian(const Eigen::VectorXd& xs, Eigen::VectorXd& values,
                                           Eigen::MatrixXd& jacobian) {
  values.resize(xs.size());
  jacobian.setZero(xs.size(), circuit_.params);
  for (Eigen::Index first = 0; first < xs.size(); first += kLanes) {
    const Eigen::Index count = std::min<Eigen::Index>(kLanes, xs.size() - first);
    set_inputs(xs, first);
    LaneStates psi = forward();
    const Lanes f = expectation_z0(psi);
    LaneStates lambda = psi;  // Z_0 |psi>
    for (std::size_t i = 1; i < (std::size_t{1} << circuit_.qubits); i += 2) {
      for (std::size_t k = i * kLanes; k < (i + 1) * kLanes; ++k) {
        lambda.re[k] = -lambda.re[k];
        lambda.im[k] = -lambda.im[k];
      }
    }
    const auto record = [&](std::size_t g, const Lanes& derivative) {
      if (circuit_.gates[g].param < 0) return;
      for (Eigen::Index l = 0; l < count; ++l)
        jacobian(first + l, circuit_.gates[g].param) = derivative[l];
    };
    for (std::size_t r = runs_.size(); r-- > 0;) {
      const GateRun& run = runs_[r];
      if (!run.rotations) {  // a CZ layer is its own inverse
        apply_signs(psi, signs_[r]);
        apply_signs(lambda, signs_[r]);
        continue;
      }
      if (run.zyz) {
        const auto d = undo_zyz(psi, lambda, run.qubit, &cos_[run.begin], &sin_[run.begin]);
        for (std::size_t k = 0; k < 3; ++k) record(run.begin + k, d[k]);
        continue;
      }
      for (std::size_t g = run.end; g-- > run.begin;) {
        const Gate& gate = circuit_.gates[g];
        record(g, undo_rotation(psi, lambda, gate.type, gate.qubit, cos_[g], sin_[g]));
      }
    }
    for (Eigen::Index l = 0; l < count; ++l) values(first + l) = f[l];
  }
}

}  // namespace assay::qnn_spectral
