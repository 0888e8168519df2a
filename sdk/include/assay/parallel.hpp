// Deterministic data parallelism for methods. Work is cut into fixed blocks that depend
// only on the problem size and the grain, never on the thread count, so a reduction over
// blocks combined in block order gives bit-identical results with -j1 and -j2.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

namespace assay {

// Calls body(begin, end) for the blocks [0, grain), [grain, 2 grain), ... of [0, n), in
// parallel on the host's task arena.
void parallel_for(std::size_t n, std::size_t grain,
                  const std::function<void(std::size_t begin, std::size_t end)>& body);

// map(begin, end) -> T per block, then combine(acc, block) in block order.
template <class T, class Map, class Combine>
T deterministic_reduce(std::size_t n, std::size_t grain, T init, Map map, Combine combine) {
  grain = std::max<std::size_t>(grain, 1);
  const std::size_t blocks = (n + grain - 1) / grain;
  std::vector<T> partial(blocks, init);
  parallel_for(blocks, 1, [&](std::size_t b0, std::size_t b1) {
    for (std::size_t b = b0; b < b1; ++b) partial[b] = map(b * grain, std::min(n, (b + 1) * grain));
  });
  for (auto& p : partial) init = combine(std::move(init), std::move(p));
  return init;
}

}  // namespace assay
