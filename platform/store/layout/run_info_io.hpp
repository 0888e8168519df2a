// A run's description in a result or part file: the root attributes (assay_version,
// result_format, created_utc, command, pipeline, and the extensions pipeline_name, fingerprint,
// planned_points, swept_keys, grown_from, provenance_outputs, figures) and /provenance: its
// attributes, /provenance/plugins/<name> (path, version, sha256) and, in merged results,
// /provenance/shards/<k> (each shard's host, rank, file, ...).
#pragma once

#include "store/encoding/store_types.hpp"
#include "store/result_store.hpp"

namespace assay {

// The layout's version: 2 adds node lineage (/nodes/<key> for every key, node_key:/node_origin:
// attributes, node seeds from lineage keys); 3 keeps a node only one point has in that point's
// group, with /nodes/<key> for shared keys alone, and a point's node records in one "nodes"
// attribute. Results without the attribute are format 1. Formats 1 and 2 are still read.
inline constexpr std::uint64_t kResultFormat = 3;

void write_run_info(hid_t file, const RunInfo& info, const StoreTypes& types);
RunInfo read_run_info(hid_t file, const StoreTypes& types);
// Adds attributes to the /provenance that write_run_info wrote.
void add_provenance_texts(hid_t file, const std::map<std::string, std::string>& texts,
                          const StoreTypes& types);

// True when the file carries a run fingerprint, i.e. was written by the Assay store.
bool has_run_info(hid_t file);

}  // namespace assay
