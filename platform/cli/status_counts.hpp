// A result's points by status, as `assay show`, `run` and `merge` summarise them.
#pragma once

#include <cstddef>

#include "store/result_store.hpp"

namespace assay {

struct StatusCounts {
  std::size_t ok = 0, failed = 0, timeout = 0;
};

inline StatusCounts count_statuses(const ResultSet& results) {
  StatusCounts counts;
  for (const auto& p : results.points)
    ++(p.status == PointStatus::ok       ? counts.ok
       : p.status == PointStatus::failed ? counts.failed
                                         : counts.timeout);
  return counts;
}

}  // namespace assay
