// A 64-bit hash that never changes across runs, builds or machines (FNV-1a with a final avalanche),
// for point ids, seeds and fingerprints that results on disk are matched by.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace assay {

std::uint64_t stable_hash(std::string_view text);

// 16 lower-case hex digits.
std::string hex16(std::uint64_t x);

}  // namespace assay
