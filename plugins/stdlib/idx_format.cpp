#include "idx_format.hpp"

#include <stdexcept>

namespace assay::stdlib {

namespace {

std::uint32_t big_endian_u32(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

}  // namespace

IdxArray parse_idx_ubyte(std::string_view bytes, const std::string& what) {
  auto fail = [&](const std::string& why) {
    throw std::runtime_error(what + ": " + why + "; it is not an IDX file of unsigned bytes");
  };
  if (bytes.size() < 4 || bytes[0] != 0 || bytes[1] != 0) fail("bad magic number");
  if (static_cast<unsigned char>(bytes[2]) != 0x08) fail("element type is not 0x08");
  const std::size_t rank = static_cast<unsigned char>(bytes[3]);
  const std::size_t header = 4 + 4 * rank;
  if (rank == 0 || bytes.size() < header) fail("truncated header");
  IdxArray a;
  std::size_t count = 1;
  for (std::size_t d = 0; d < rank; ++d) {
    a.shape.push_back(big_endian_u32(bytes, 4 + 4 * d));
    count *= a.shape.back();
  }
  if (bytes.size() != header + count)
    fail(std::to_string(bytes.size() - header) + " data bytes for a shape of " +
         std::to_string(count) + " elements");
  a.data.assign(bytes.begin() + header, bytes.end());
  return a;
}

}  // namespace assay::stdlib
