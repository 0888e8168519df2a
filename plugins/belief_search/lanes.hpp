// Four doubles in one AVX register (GCC / Clang vector extension), for the branch-free scans of
// scan_belief and LaneController: arithmetic and comparisons act per lane, a comparison gives a
// Mask (-1 or 0 per lane), and `mask ? x : y` selects per lane.
#pragma once
#include <array>
#include <cstring>

namespace assay::belief_search::lanes {

using Lanes = double __attribute__((vector_size(32)));
using Mask = long long __attribute__((vector_size(32)));
inline constexpr int kWidth = 4;

inline Lanes broadcast(double x) { return Lanes{x, x, x, x}; }

// Four doubles from memory, at any alignment.
inline Lanes load(const double* p) {
  Lanes v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// Lanes from four doubles, assembled in registers: writing a vector's lanes one by one in
// memory and reading it whole stalls the load on the four stores.
inline Lanes of(const std::array<double, kWidth>& x) { return Lanes{x[0], x[1], x[2], x[3]}; }

}  // namespace assay::belief_search::lanes
