// A consolidated result under construction at <file>.staging: the run description at once,
// /points as points arrive (written from records, or copied from other result files), and on
// publish() the /index table, in point id order, and the provenance outputs' values in
// /provenance; then the file is closed, fsynced and renamed
// onto <file>. Readers never look at the staging file; a builder destroyed unpublished removes
// it, and one left by a killed process is garbage the next writer removes.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "store/encoding/dataset_layout.hpp"
#include "store/encoding/store_types.hpp"
#include "store/layout/node_groups.hpp"
#include "store/result_store.hpp"

namespace assay {

class ResultFileBuilder {
 public:
  ResultFileBuilder(std::filesystem::path target, const RunInfo& info);
  ~ResultFileBuilder();
  ResultFileBuilder(const ResultFileBuilder&) = delete;
  ResultFileBuilder& operator=(const ResultFileBuilder&) = delete;

  // The status of the record written for `id`, if any.
  std::optional<PointStatus> status_of(const std::string& id) const;
  // Writes the point, replacing any record of the same id written before.
  void put(const PointResult& point);
  // Copies /points/<id> from another result file's /points group, replacing any record of the
  // same id; its nodes are copied as stored, without decompressing them, and only when this
  // file does not hold their keys yet. `sweep_index`, if given, replaces the point's own.
  void copy(hid_t source_points, const std::string& id,
            const std::vector<std::string>& source_swept_keys,
            std::optional<std::uint64_t> sweep_index = std::nullopt);
  void publish();

 private:
  void forget(const std::string& id);

  std::filesystem::path target_;
  std::filesystem::path staging_;
  std::vector<std::string> swept_keys_;
  std::vector<std::string> provenance_outputs_;
  StoreTypes types_;
  DatasetLayouts layouts_;
  H5File file_;
  H5Group points_;
  NodeGroups nodes_;
  std::map<std::string, PointResult> summaries_;  // attributes and scalar outputs, for /index
};

}  // namespace assay
