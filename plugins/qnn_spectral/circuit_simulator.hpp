// The state-vector simulation of one circuit at fixed parameters, for many inputs, kLanes of them
// at a time (state_kernels.hpp): what does not depend on the input (the gate runs, the trainable
// rotations' half-angle cosines and sines, the fused matrix of every run without an encoding
// gate, the signs of every CZ layer) is computed once, so a group of inputs costs only its
// encoding gates' angles and the passes over the states. The backward sweep takes one pass per
// RZ RY RZ (its three derivatives) and per other rotation.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "gate_runs.hpp"
#include "reuploading_circuit.hpp"
#include "state_kernels.hpp"

namespace assay::qnn_spectral {

class CircuitSimulator {
 public:
  CircuitSimulator(const Circuit& c, const Eigen::VectorXd& theta);

  StateVector run(double x);
  Eigen::VectorXd values(const Eigen::VectorXd& xs);
  // f(x_i) and df(x_i)/dtheta (rows) for every input.
  void values_and_jacobian(const Eigen::VectorXd& xs, Eigen::VectorXd& values,
                           Eigen::MatrixXd& jacobian);

 private:
  // The lanes' inputs xs[first ...] (the last one repeated past the end): the encoding gates'
  // half angles and their runs' matrices.
  void set_inputs(const Eigen::VectorXd& xs, Eigen::Index first);
  void set_run_matrix(std::size_t r, bool per_lane);
  LaneStates forward() const;

  const Circuit& circuit_;
  std::vector<GateRun> runs_;
  std::vector<Lanes> cos_, sin_;          // per gate and lane: cos, sin of half its angle
  std::vector<LaneMatrix> run_matrices_;  // per run of rotations
  std::vector<Eigen::VectorXd> signs_;    // per CZ run: the +-1 of every amplitude
  std::vector<std::size_t> input_runs_;   // the runs holding an encoding gate
};

}  // namespace assay::qnn_spectral
