// The compact record of one point in a part file: every field of a PointResult, values
// included, as native little-endian bytes. A batch of points becomes one byte dataset, so a
// commit costs a few HDF5 calls however many points and outputs it holds; the result layout is
// written once, by the consolidation. Records are self-delimiting and parsing checks bounds,
// so a damaged record is an error, never a crash.
#pragma once

#include <bit>
#include <cstddef>
#include <span>
#include <vector>

#include "store/point_result.hpp"

namespace assay {

static_assert(std::endian::native == std::endian::little,
              "part records are little-endian; a big-endian host needs byte swapping here");

void append_point_record(const PointResult& point, std::vector<std::byte>& out);
PointResult parse_point_record(std::span<const std::byte> record);

}  // namespace assay
