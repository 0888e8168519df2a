// ResultStore: the HDF5 result file of a run (layout in README, "Result file").
//
// Finished points are committed in batches to part files beside the result
// (<file>.parts/NNNNNN.h5, each written, fsynced and renamed into place), so a run killed at
// any moment keeps every committed point. finish() consolidates file and parts into one file,
// again by write-fsync-rename. Readers see the file and any parts as one result, so `show`,
// `--resume` and `merge` work on interrupted runs and on shards written by other processes.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "store/point_result.hpp"

namespace assay {

struct PluginProvenance {
  std::string name;
  std::string version;
  std::string path;
  std::string sha256;
};

// Root attributes and /provenance of a result file.
struct RunInfo {
  std::string assay_version;
  std::string created_utc;
  std::string command;
  std::string pipeline_name;
  std::string pipeline_toml;  // the resolved pipeline
  std::string fingerprint;    // SweepPlan::fingerprint(); parts and shards must agree on it
  std::size_t planned_points = 0;
  std::vector<std::string> swept_keys;
  std::map<std::string, std::string> provenance;  // host, git_revision, library versions, ...
  std::vector<PluginProvenance> plugins;
};

class ResultWriter {
 public:
  // Starts a result at `file`. Without `resume`, an existing file or parts folder is an error
  // (SourceError naming the file); with it, they must carry the same fingerprint, and the
  // points already "ok" there are reported by done() and never written again.
  ResultWriter(std::filesystem::path file, RunInfo info, bool resume);
  ~ResultWriter();
  ResultWriter(const ResultWriter&) = delete;
  ResultWriter& operator=(const ResultWriter&) = delete;

  const std::unordered_set<std::string>& done() const;
  void add(PointResult point);  // buffered until commit()
  std::size_t pending() const;
  void commit();                // one atomic part file for the buffered points; no-op if none
  void finish();                // commit(), then consolidate into `file`; parts are removed

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct ResultSet {
  RunInfo info;
  std::vector<PointResult> points;  // one per point id; an ok record wins over a failed one
};

// Reads a result file together with its parts folder, if any. Throws SourceError naming the
// file when it is missing or not an Assay result.
ResultSet read_results(const std::filesystem::path& file);

// Joins shards of one sweep into `out` (written atomically). Refuses, naming the file and the
// differing attribute, a shard whose fingerprint differs from the first; a point present in
// several shards is written once.
void merge_results(const std::filesystem::path& out, const std::vector<std::filesystem::path>& shards);

}  // namespace assay
