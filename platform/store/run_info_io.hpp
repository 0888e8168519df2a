// A run's description in a result or part file: the root attributes (assay_version,
// created_utc, command, pipeline, and the extensions pipeline_name, fingerprint, planned_points,
// swept_keys) and /provenance: its attributes, /provenance/plugins/<name> (path, version,
// sha256) and, in merged results, /provenance/shards/<k> (each shard's host, rank, file, ...).
#pragma once

#include "store/result_store.hpp"
#include "store/store_types.hpp"

namespace assay {

void write_run_info(hid_t file, const RunInfo& info, const StoreTypes& types);
RunInfo read_run_info(hid_t file, const StoreTypes& types);

// True when the file carries a run fingerprint, i.e. was written by the Assay store.
bool has_run_info(hid_t file);

}  // namespace assay
