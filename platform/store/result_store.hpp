// ResultStore: the HDF5 result file of a run (layout in README, "Result file").
//
// Finished points are committed in batches to part files beside the result
// (<file>.parts/NNNNNN.h5, each written, fsynced and renamed into place), so a run killed at
// any moment keeps every committed point. Each commit also writes its points into the
// consolidated file under construction (<file>.staging, never read), so the cost of the
// result layout is paid while the run goes on; finish() adds what earlier runs left and /index,
// then publishes it by fsync and rename and removes the parts. Readers see the file and any
// parts as one result, so `show`, `--resume` and `merge` work on interrupted runs and on
// shards written by other processes. Points are kept in point id order everywhere (/points,
// /index, ResultSet), so a merged result equals a single-process one point by point. All
// HDF5 calls of the store take one process-wide lock (hdf5_lock.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "store/point_result.hpp"

namespace assay {

struct PluginProvenance {
  std::string name;
  std::string version;
  std::string path;
  std::string sha256;
  std::string license;
};

// /provenance keys: the SHA-256 of a file a path param named, and the values of a provenance
// output (PortSpec::provenance) gathered over the points (store/layout/provenance_outputs.hpp).
inline constexpr std::string_view kInputDigestPrefix = "input_sha256:";
inline constexpr std::string_view kProvenanceOutputPrefix = "output:";

// Root attributes and /provenance of a result file.
struct RunInfo {
  std::string assay_version;
  std::string created_utc;
  std::string command;
  std::string pipeline_name;
  std::string pipeline_toml;  // the resolved pipeline
  std::string fingerprint;    // SweepPlan::fingerprint(); parts and shards must agree on it
  // Fingerprints of the earlier sweeps this run grew (sweep_growth.hpp): their points and parts
  // belong to this result too.
  std::vector<std::string> grown_from;
  std::size_t planned_points = 0;
  std::vector<std::string> swept_keys;
  // host, git_revision, library versions, ..., and the keys of the two prefixes below.
  std::map<std::string, std::string> provenance;
  // "node.port" of the outputs the run's methods declare as provenance (PortSpec::provenance):
  // the consolidated file gathers their values into /provenance
  // (store/layout/provenance_outputs.hpp).
  std::vector<std::string> provenance_outputs;
  // The figures the run's methods declare, as JSON with /index column names
  // (cli/figures_json.hpp); empty when none does.
  std::string figures;
  std::vector<PluginProvenance> plugins;
  // Filled by merge_results: the provenance of every shard joined (its host, rank, ... and
  // "file"), so a merged result lists each host and rank. Empty for a single-process run.
  std::vector<std::map<std::string, std::string>> shards;
};

// Point id -> its index in the plan being run, for points an earlier plan indexed otherwise.
using SweepIndexes = std::unordered_map<std::string, std::uint64_t>;

// What `--resume` accepts of a result whose sweep has grown since it was written
// (pipeline/plan/sweep_growth.hpp checks that it has only grown).
struct SweepGrowth {
  std::set<std::string> earlier_fingerprints;
  SweepIndexes sweep_index;  // the earlier points' indexes in the grown plan
};

class ResultWriter {
 public:
  // Starts a result at `file`; the caller holds its ResultLock (files/result_lock.hpp). Without
  // `resume`, an existing file or parts folder is an error
  // (SourceError naming the file); with it, they must carry the same fingerprint (or one of
  // `growth`'s), and the points already "ok" there are reported by done() and never written
  // again.
  ResultWriter(std::filesystem::path file, RunInfo info, bool resume, SweepGrowth growth = {});
  // Without finish(): commits what is buffered and leaves the parts for --resume.
  ~ResultWriter();
  ResultWriter(const ResultWriter&) = delete;
  ResultWriter& operator=(const ResultWriter&) = delete;

  // Ids of the "ok" points: those found at the start, then those committed since.
  const std::unordered_set<std::string>& done() const;
  void add(PointResult point);  // buffered until commit()
  std::size_t pending() const;
  void commit();  // one atomic part file for the buffered points; no-op if none
  void finish();  // commit(), then consolidate into `file`; parts are removed

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct ResultSet {
  RunInfo info;
  // One per point id, in id order. Of several records of an id the later counts, except that
  // an "ok" record is never replaced by a failed or timed-out one.
  std::vector<PointResult> points;
};

// The run descriptions of a result file and its parts, one per distinct fingerprint, oldest
// first. Throws SourceError naming the file when one cannot be read.
std::vector<RunInfo> read_run_infos(const std::filesystem::path& file);

// Reads a result file together with its parts folder, if any. Throws SourceError naming the
// file when it is missing or not an Assay result.
ResultSet read_results(const std::filesystem::path& file);
// Several results of one run (e.g. the rank shards of an MPI run) read as one, each with its
// parts; a point stored twice is taken as merge would take it.
ResultSet read_results(const std::vector<std::filesystem::path>& files);
// The same without array and table outputs, which it does not read from a consolidated file:
// what `assay merge` and an MPI run summarise, at a fraction of the cost for large results.
ResultSet read_result_summaries(const std::filesystem::path& file);

// A page of a result: the points [offset, offset + limit) and what a summary counts over all.
struct ResultPage {
  RunInfo info;
  std::size_t stored_points = 0;
  std::array<std::size_t, 3> status_counts{};  // indexed by PointStatus
  std::vector<std::string> scalar_columns;     // "node.output", in order of first appearance
  std::size_t points_taking_nodes = 0;         // with a node they did not compute themselves
  std::size_t logged_points = 0;               // whose nodes logged messages
  std::size_t offset = 0;
  std::vector<PointResult> points;  // scalar outputs only
};

// Whether `file` exists with no parts beside it: a finished result, which the two readers below
// read through /index, opening only the points asked for (what `assay show` needs of a large
// result). Throw SourceError naming the file when it or its /index cannot be read.
bool is_consolidated(const std::filesystem::path& file);
// Nothing when the file's /index predates the counts a page needs (index_table.hpp).
std::optional<ResultPage> read_result_page(const std::filesystem::path& file, std::size_t offset,
                                           std::size_t limit);
// Nothing when the result has no point `id`.
std::optional<PointResult> read_stored_point(const std::filesystem::path& file,
                                             const std::string& id);

// Joins shards of one sweep into `out` (written atomically). Refuses, naming the file and the
// differing attribute, a shard whose fingerprint differs from the first; a point present in
// several shards is written once.
void merge_results(const std::filesystem::path& out,
                   const std::vector<std::filesystem::path>& shards);

}  // namespace assay
