#include "token_windows.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace assay::stdlib {

TokenWindows sample_token_windows(const std::vector<std::int64_t>& ids, std::int64_t length,
                                  std::int64_t count, std::mt19937_64& rng) {
  const auto n = static_cast<std::int64_t>(ids.size());
  if (n < length + 1)
    throw std::invalid_argument("ids: " + std::to_string(n) + " tokens cannot hold a window of " +
                                std::to_string(length) +
                                " and its target; use a shorter length "
                                "or a larger corpus");
  TokenWindows w;
  w.count = count;
  w.length = length;
  w.starts.resize(count);
  w.inputs.resize(count * length);
  w.targets.resize(count * length);
  std::uniform_int_distribution<std::int64_t> start(0, n - length - 1);
  for (std::int64_t i = 0; i < count; ++i) {
    const auto s = w.starts[i] = start(rng);
    std::copy_n(ids.begin() + s, length, w.inputs.begin() + i * length);
    std::copy_n(ids.begin() + s + 1, length, w.targets.begin() + i * length);
  }
  return w;
}

}  // namespace assay::stdlib
