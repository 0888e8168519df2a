// The circuit's gates as passes over the state vector: consecutive rotations on one qubit act on
// the same amplitude pairs, so the simulator applies the whole run as one 2 x 2 matrix in one
// pass (every qubit's RZ RY RZ), and consecutive CZs are one diagonal of signs (a CZ ring in one
// pass instead of one per CZ).
#pragma once

#include <cstddef>
#include <vector>

#include "reuploading_circuit.hpp"

namespace assay::qnn_spectral {

struct GateRun {
  std::size_t begin = 0, end = 0;  // gates [begin, end) of the circuit
  int qubit = 0;                   // of a run of rotations
  bool rotations = false;          // rotations on `qubit`; else CZs
  bool zyz = false;                // exactly RZ RY RZ: the backward sweep undoes it in one pass
};

// Every gate in exactly one run, in circuit order.
std::vector<GateRun> gate_runs(const Circuit& c);

}  // namespace assay::qnn_spectral
