#include "pipeline/plan/stable_hash.hpp"

namespace assay {

namespace {
// FNV-1a alone leaves texts that differ in one late character with hashes that differ in a
// few bits; a final avalanche (MurmurHash3's fmix64) spreads every input bit over the word.
std::uint64_t avalanche(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb34fe63b9a53ull;
  h ^= h >> 33;
  return h;
}
}  // namespace

std::uint64_t stable_hash(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return avalanche(h);
}

Hash128 stable_hash128(std::string_view text) {
  using U128 = unsigned __int128;
  constexpr U128 kPrime = (U128{1} << 88) + 0x13b;  // the FNV-128 prime, 2^88 + 2^8 + 0x3b
  U128 h = (U128{0x6c62272e07bb0142ull} << 64) | 0x62b821756295c58dull;  // FNV-128 offset
  for (const unsigned char c : text) {
    h ^= c;
    h *= kPrime;
  }
  const auto high = static_cast<std::uint64_t>(h >> 64), low = static_cast<std::uint64_t>(h);
  // Each half takes the other's bits too, so a difference in either reaches both.
  return {avalanche(high ^ avalanche(low)), avalanche(low)};
}

std::string hex16(std::uint64_t x) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, x >>= 4) s[i] = digits[x & 0xf];
  return s;
}

std::string hex32(const Hash128& h) { return hex16(h.high) + hex16(h.low); }

}  // namespace assay
