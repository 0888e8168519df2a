// Independent random streams from one seed (initial weights, batches, sampling, data), so that
// changing how much one part draws leaves the others' numbers unchanged.
#pragma once

#include <cstdint>
#include <random>

namespace assay::lowrank_collapse {

inline std::mt19937_64 stream_rng(std::uint64_t seed, std::uint64_t stream) {
  // seed_seq keeps 32 bits per entry: pass both halves of each.
  std::seed_seq s{std::uint32_t(seed), std::uint32_t(seed >> 32), std::uint32_t(stream),
                  std::uint32_t(stream >> 32)};
  return std::mt19937_64(s);
}

}  // namespace assay::lowrank_collapse
