// The passes of the state-vector simulator over kLanes inputs at once: amplitude i of input l is
// re[i * kLanes + l] + i im[i * kLanes + l] (split real and imaginary parts, the inputs in the
// fastest index), so that every pass vectorises across the inputs and a matrix the inputs share
// (every trainable rotation) needs no shuffles. Forward: one pass per run of rotations on a
// qubit (its matrices multiplied into one) and per CZ layer; backward: one pass per rotation,
// taking its derivative and undoing it on both vectors.
#pragma once

#include <Eigen/Core>
#include <array>
#include <vector>

#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

constexpr int kLanes = 4;
using Lanes = std::array<double, kLanes>;

struct LaneStates {
  explicit LaneStates(int qubits);  // |0> in every lane
  int qubits;
  std::vector<double> re, im;
};

// A 2 x 2 complex matrix per lane: re[r][c][l] + i im[r][c][l].
struct LaneMatrix {
  std::array<std::array<Lanes, 2>, 2> re{}, im{};
  void set(int lane, const Eigen::Matrix2cd& u);
};

// exp(-i angle G / 2) for G = Z, Y or X (the gate's type; encode_rx is X) as a matrix, given
// c = cos(angle/2), s = sin(angle/2).
Eigen::Matrix2cd rotation_matrix(Gate::Type type, double c, double s);

void apply_matrix(LaneStates& psi, int qubit, const LaneMatrix& u);

// Multiplies every amplitude by its sign (+-1): a layer of CZ gates in one pass.
void apply_signs(LaneStates& psi, const Eigen::VectorXd& signs);

// Walking back through the circuit: psi is the state just after the rotation (type, qubit) and
// lambda = the observable Z_0 carried back to the same point; c, s the cos and sin of half its
// angle per lane. Returns Im <lambda| G |psi> per lane (df/dtheta of a trainable rotation: it
// commutes with its generator, so the derivative can be taken after it; 0 for an encoding),
// then undoes the rotation on both.
Lanes undo_rotation(LaneStates& psi, LaneStates& lambda, Gate::Type type, int qubit, Lanes c,
                    Lanes s);

std::array<Lanes, 3> undo_zyz(LaneStates& psi, LaneStates& lambda, int qubit, const Lanes* cs,
                              const Lanes* ss);

Lanes expectation_z0(const LaneStates& psi);
StateVector lane_state(const LaneStates& psi, int lane);

}  // namespace assay::qnn_spectral
