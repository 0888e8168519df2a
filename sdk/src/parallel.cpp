#include "assay/parallel.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

namespace assay {

void parallel_for(std::size_t n, std::size_t grain,
                  const std::function<void(std::size_t, std::size_t)>& body) {
  grain = std::max<std::size_t>(grain, 1);
  const std::size_t blocks = (n + grain - 1) / grain;
  // simple_partitioner with grain 1 keeps block boundaries fixed whatever the thread count.
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, blocks, 1),
      [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t b = r.begin(); b != r.end(); ++b)
          body(b * grain, std::min(n, (b + 1) * grain));
      },
      tbb::simple_partitioner());
}

}  // namespace assay
