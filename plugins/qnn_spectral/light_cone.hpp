// Which encoding gates can affect the readout f(x) = <Z_0>: the backward light cone of Z_0.
//
// Walking the circuit backwards from the readout, the Heisenberg-picture observable acts on each
// qubit as nothing, a diagonal operator (a Z component) or a general one. RZ and CZ are
// diagonal, so they keep a qubit's diagonal part diagonal; RY and RX do not. A CZ whose qubits
// carry only diagonal parts commutes with them (the final CZ ring before <Z_0> is invisible);
// one with a general part on one qubit puts a Z component on the other. An encoding RX(s x)
// reaches the readout iff the observable acts on its qubit at that point. For generic angles
// (the trainable ones) this is exact: a gate outside the cone never changes f, one inside does.
// Only the reaching gates' scales enter f's spectrum (fourier_spectrum.hpp).
#pragma once

#include <vector>

#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

// Per encoding gate, in circuit order (as Circuit::encoding_scales): whether it reaches <Z_0>.
std::vector<bool> encodings_reaching_readout(const Circuit& c);

// The scales of the encoding gates that reach the readout, in circuit order.
std::vector<double> realised_encoding_scales(const Circuit& c);

}  // namespace assay::qnn_spectral
