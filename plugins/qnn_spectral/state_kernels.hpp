// The per-gate work of the state-vector simulator: one pass over the amplitude pairs a gate
// (or a run of rotations on one qubit) mixes, forward, and backward with the adjoint derivative
// taken in the same pass.
#pragma once

#include <Eigen/Core>

#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

// exp(-i angle G / 2) for G = Z, Y or X (the gate's type; encode_rx is X) as a matrix, given
// c = cos(angle/2), s = sin(angle/2).
Eigen::Matrix2cd rotation_matrix(Gate::Type type, double c, double s);

// Applies the 2 x 2 matrix u to `qubit` (a run of rotations multiplied into one).
void apply_matrix(StateVector& psi, int qubit, const Eigen::Matrix2cd& u);

// Applies the rotation g, exp(-i angle G / 2), given c = cos(angle/2), s = sin(angle/2) (CZs go
// through apply_signs).
void apply_gate(StateVector& psi, const Gate& g, double c, double s);

// Walking back through the circuit: psi is the state just after gate g and lambda = the
// observable Z_0 carried back to the same point. Returns df/dtheta of a trainable gate,
// Im <lambda| G |psi> (a rotation commutes with its generator, so the derivative can be taken
// after it), or 0 for an encoding rotation; then undoes g on both vectors.
double undo_gate(StateVector& psi, StateVector& lambda, const Gate& g, double c, double s);

// Multiplies every amplitude by its sign (+-1): a layer of CZ gates in one pass.
void apply_signs(StateVector& psi, const Eigen::VectorXd& signs);

}  // namespace assay::qnn_spectral
