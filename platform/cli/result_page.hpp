// The page `assay show` prints of a result read whole (a run still in parts, rank shards): the
// same ResultPage the store reads through /index for a finished result.
#pragma once

#include <cstddef>

#include "cli/status_counts.hpp"
#include "store/result_store.hpp"

namespace assay {

// The points [offset, offset + limit) of `results`, with what a summary counts over all of them.
ResultPage result_page(ResultSet results, std::size_t offset, std::size_t limit);

StatusCounts page_counts(const ResultPage& page);

}  // namespace assay
