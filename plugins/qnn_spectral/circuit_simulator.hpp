// The state-vector simulation of one circuit at fixed parameters, for many inputs: what does not
// depend on the input (the gate runs, the trainable rotations' half-angle cosines and sines, the
// fused matrix of every run without an encoding gate, the signs of every CZ layer) is computed
// once, so an input costs only its encoding gates' angles and the passes over the state. The
// backward sweep undoes the gates one by one (each needs its own derivative).
#pragma once

#include <Eigen/Core>
#include <vector>

#include "gate_runs.hpp"
#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

class CircuitSimulator {
 public:
  CircuitSimulator(const Circuit& c, const Eigen::VectorXd& theta);

  StateVector run(double x);
  double evaluate(double x);
  ValueAndGradient value_and_gradient(double x);

 private:
  // The encoding gates' half angles at input x and the matrices of their runs.
  void set_input(double x);
  Eigen::Matrix2cd run_matrix(const GateRun& run) const;
  Eigen::VectorXd cz_signs(const GateRun& run) const;
  StateVector forward() const;

  const Circuit& circuit_;
  std::vector<GateRun> runs_;
  std::vector<double> cos_, sin_;               // per gate: cos, sin of half its angle
  std::vector<Eigen::Matrix2cd> run_matrices_;  // per run of two or more rotations
  std::vector<Eigen::VectorXd> signs_;          // per CZ run: the +-1 of every amplitude
  std::vector<std::size_t> input_runs_;         // the runs holding an encoding gate
};

}  // namespace assay::qnn_spectral
