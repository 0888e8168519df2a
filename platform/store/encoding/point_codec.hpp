// The compact record of one point in a part file: every field of a PointResult, values
// included, as native little-endian bytes. A batch of points becomes one byte dataset, so a
// commit costs a few HDF5 calls however many points and outputs it holds; the result layout is
// written once, by the consolidation. Records are self-delimiting and parsing checks bounds,
// so a damaged record is an error, never a crash.
#pragma once

#include <bit>
#include <cstddef>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "store/point_result.hpp"

namespace assay {

static_assert(std::endian::native == std::endian::little,
              "part records are little-endian; a big-endian host needs byte swapping here");

// The records of one batch. A node's outputs are written in the first record of the batch that
// has its lineage key and referred to by key in the later ones, so that outputs shared by many
// points (a pretrained model) take their room once per part file.
class PointRecordEncoder {
 public:
  explicit PointRecordEncoder(const std::vector<PointResult>& batch);
  void append(const PointResult& point, std::vector<std::byte>& out);

 private:
  std::unordered_map<std::string, std::size_t> uses_;  // records of the batch left per key
  std::unordered_set<std::string> written_;
};

// Parses the records of one batch in order, resolving references to earlier records.
class PointRecordDecoder {
 public:
  PointResult parse(std::span<const std::byte> record);

 private:
  // Outputs a later record of the batch refers to.
  std::unordered_map<std::string, std::vector<std::pair<std::string, Value>>> kept_;
};

}  // namespace assay
