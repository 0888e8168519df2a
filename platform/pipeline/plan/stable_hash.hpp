// A 64-bit hash that never changes across runs, builds or machines (FNV-1a with a final avalanche),
// for point ids, seeds and fingerprints that results on disk are matched by.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace assay {

std::uint64_t stable_hash(std::string_view text);

// 128 bits of the same kind (FNV-1a over 128 bits, each half avalanched), for lineage keys: a
// stored node output is found by its key alone, so two lineages must never meet by accident.
struct Hash128 {
  std::uint64_t high = 0;
  std::uint64_t low = 0;
};
Hash128 stable_hash128(std::string_view text);

// 16 lower-case hex digits.
std::string hex16(std::uint64_t x);
// 32 lower-case hex digits, high half first.
std::string hex32(const Hash128& h);

}  // namespace assay
