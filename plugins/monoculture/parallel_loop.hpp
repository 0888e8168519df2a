// The science never owns threads: a caller says how independent blocks of a loop run (the
// plugin passes the host's deterministic parallel_for; tests run serially).
#pragma once

#include <cstddef>
#include <functional>

namespace assay::monoculture {

using LoopBody = std::function<void(std::size_t begin, std::size_t end)>;
using ParallelLoop = std::function<void(std::size_t n, std::size_t grain, const LoopBody& body)>;

// Runs the blocks [0, grain), [grain, 2 grain), ... of [0, n) one after another.
void serial_loop(std::size_t n, std::size_t grain, const LoopBody& body);

}  // namespace assay::monoculture
