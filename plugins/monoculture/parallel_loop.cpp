#include "parallel_loop.hpp"

#include <algorithm>

namespace assay::monoculture {

void serial_loop(std::size_t n, std::size_t grain, const LoopBody& body) {
  grain = std::max<std::size_t>(grain, 1);
  for (std::size_t begin = 0; begin < n; begin += grain) body(begin, std::min(n, begin + grain));
}

}  // namespace assay::monoculture
