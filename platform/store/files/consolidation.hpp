// Consolidation: putting the records that count (record_precedence.hpp) of several sources into
// one result file under construction.
#pragma once

#include <vector>

#include "store/files/result_file_builder.hpp"
#include "store/files/result_sources.hpp"

namespace assay {

// Writes the winning record of every point of `sources` (in precedence order, `indexes` read
// from them) into `builder`, unless the builder already holds a record of that point that
// replaces it (records written there count as later than every source). Points are read one
// source at a time, so memory holds one part file's points at most. Points in `reindex` take
// the sweep index it gives (a grown sweep's earlier points).
void add_winning_records(ResultFileBuilder& builder, const std::vector<ResultSource>& sources,
                         const std::vector<SourceIndex>& indexes, const SweepIndexes& reindex = {});

}  // namespace assay
