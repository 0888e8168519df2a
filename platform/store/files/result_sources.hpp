// The files one result is read from: its consolidated file, if any, then its committed parts
// in commit order (record_precedence.hpp says which record of a point counts).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "store/layout/index_table.hpp"
#include "store/result_store.hpp"

namespace assay {

struct ResultSource {
  std::filesystem::path path;
  bool part = false;
};

std::vector<ResultSource> result_sources(const std::filesystem::path& file);

struct SourceIndex {
  RunInfo info;
  std::vector<IndexEntry> entries;  // the id and status of each point record
};

// Reads a source's run description and point list without the points' data. Throws
// SourceError naming the file when it cannot be read as an Assay result or part.
SourceIndex read_source_index(const ResultSource& source);
// Every point record of a source, with all outputs or only the scalar ones.
std::vector<PointResult> read_source_points(const ResultSource& source,
                                            const std::vector<std::string>& swept_keys,
                                            bool scalars_only = false);

// A consolidated source's page (result_store.hpp), read through /index.
std::optional<ResultPage> read_source_page(const ResultSource& source, std::size_t offset,
                                           std::size_t limit);
// One point of a consolidated source, with its scalar outputs; nothing when it has none.
std::optional<PointResult> read_source_point(const ResultSource& source, const std::string& id);

// SourceError naming `source` when its fingerprint is not `expected`.
void require_fingerprint(const std::filesystem::path& source, const std::string& found,
                         const std::string& expected, const std::string& hint);

}  // namespace assay
