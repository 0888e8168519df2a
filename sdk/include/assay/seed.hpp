// The SDK's seed mixer, header-only and free of the rest of the SDK, so that a plugin's science
// derives its streams exactly as the host and Context::rng do (derive_seed is this function).
#pragma once

#include <cstdint>

namespace assay {

// The seed of stream `stream` of `seed` (splitmix64: the stream-th step from `seed`, through
// its finaliser), so that nearby seeds and streams give unrelated seeds.
constexpr std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (stream + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace assay
