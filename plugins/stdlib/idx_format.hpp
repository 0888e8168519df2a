// The IDX format of (Fashion-)MNIST: a magic number giving the element type and rank, the
// dimensions as big-endian 32-bit integers, then the elements row-major.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assay::stdlib {

struct IdxArray {
  std::vector<std::size_t> shape;
  std::vector<std::uint8_t> data;
};

// Decodes an IDX array of unsigned bytes (type code 0x08); `what` names it in errors.
IdxArray parse_idx_ubyte(std::string_view bytes, const std::string& what);

}  // namespace assay::stdlib
