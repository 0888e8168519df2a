#include "pipeline/stable_hash.hpp"

namespace assay {

std::uint64_t stable_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  // FNV-1a alone leaves texts that differ in one late character with ids that differ in a
  // few bits; a final avalanche (MurmurHash3's fmix64) spreads every input bit over the word.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb34fe63b9a53ull;
  h ^= h >> 33;
  return h;
}

std::string hex16(std::uint64_t x) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, x >>= 4) s[i] = digits[x & 0xf];
  return s;
}

}  // namespace assay
