// Training windows over a token stream: inputs of length T and the next-token targets.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace assay::stdlib {

struct TokenWindows {
  std::int64_t count = 0, length = 0;
  std::vector<std::int64_t> starts;   // count offsets into the stream
  std::vector<std::int64_t> inputs;   // count x length, row-major: ids[start .. start+T)
  std::vector<std::int64_t> targets;  // count x length: ids[start+1 .. start+T]
};

// `count` windows whose starts are i.i.d. uniform on [0, ids.size() - length - 1], drawn
// from `rng` in order. Throws std::invalid_argument when the stream is shorter than length+1.
TokenWindows sample_token_windows(const std::vector<std::int64_t>& ids, std::int64_t length,
                                  std::int64_t count, std::mt19937_64& rng);

}  // namespace assay::stdlib
