#include "store/files/result_file_builder.hpp"

#include <algorithm>

#include "store/files/result_paths.hpp"
#include "store/hdf5/durable_file.hpp"
#include "store/hdf5/group_links.hpp"
#include "store/hdf5/hdf5_files.hpp"
#include "store/layout/index_table.hpp"
#include "store/layout/point_group.hpp"
#include "store/layout/provenance_outputs.hpp"
#include "store/layout/run_info_io.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {
PointResult summary_of(const PointResult& point) {
  PointResult summary{point.id,    point.replicate, point.sweep_index, point.seed,
                      point.swept, point.status,    point.error,       point.wall_s,
                      {},          point.nodes,     point.log};
  for (const auto& output : point.outputs)
    if (output.value.is_scalar()) summary.outputs.push_back(output);
  return summary;
}

// A merged shard's /provenance already lists its own points' provenance outputs; the file being
// built lists those of the points it ends up holding, gathered on publish().
RunInfo without_provenance_outputs(RunInfo info) {
  std::erase_if(info.provenance,
                [](const auto& entry) { return entry.first.starts_with(kProvenanceOutputPrefix); });
  return info;
}
}  // namespace

ResultFileBuilder::ResultFileBuilder(fs::path target, const RunInfo& info)
    : target_(std::move(target)),
      staging_(staging_path(target_)),
      swept_keys_(info.swept_keys),
      provenance_outputs_(info.provenance_outputs) {
  if (!target_.parent_path().empty()) fs::create_directories(target_.parent_path());
  file_ = create_hdf5_file(staging_);
  write_run_info(file_.get(), without_provenance_outputs(info), types_);
  // /points holds thousands of links: no creation order index, h5py lists them by name (id).
  points_ = H5Group(H5Gcreate2(file_.get(), "points", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                    "create /points");
  nodes_ = NodeGroups(file_.get(), points_.get());
}

ResultFileBuilder::~ResultFileBuilder() {
  if (!file_) return;
  nodes_ = NodeGroups();
  points_ = H5Group();
  file_ = H5File();
  std::error_code ignored;
  fs::remove(staging_, ignored);
}

std::optional<PointStatus> ResultFileBuilder::status_of(const std::string& id) const {
  const auto it = summaries_.find(id);
  if (it == summaries_.end()) return std::nullopt;
  return it->second.status;
}

void ResultFileBuilder::put(const PointResult& point) {
  forget(point.id);
  write_point_group(points_.get(), nodes_, point, types_, layouts_);
  summaries_[point.id] = summary_of(point);
}

void ResultFileBuilder::copy(hid_t source_points, const std::string& id,
                             const std::vector<std::string>& source_swept_keys,
                             std::optional<std::uint64_t> sweep_index) {
  forget(id);
  auto summary = read_point_group(source_points, id, source_swept_keys, types_, true);
  if (sweep_index) summary.sweep_index = *sweep_index;
  const H5Group source(H5Gopen2(source_points, id.c_str(), H5P_DEFAULT), "open point '" + id + "'");
  const H5Group target = create_point_group(points_.get(), summary, types_);
  for (const auto& node : link_names(source.get())) {
    const auto* record = find_record(summary, node);
    if (record && nodes_.has(record->key)) {
      nodes_.link(record->key, target.get(), node);
      continue;
    }
    h5_check(
        H5Ocopy(source.get(), node.c_str(), target.get(), node.c_str(), H5P_DEFAULT, H5P_DEFAULT),
        "copy node '" + node + "' of point '" + id + "'");
    if (record) nodes_.add(record->key, id, node);
  }
  summaries_[id] = std::move(summary);
}

void ResultFileBuilder::publish() {
  std::vector<const PointResult*> rows;
  rows.reserve(summaries_.size());
  for (const auto& [id, summary] : summaries_) rows.push_back(&summary);
  std::stable_sort(rows.begin(), rows.end(), [](const PointResult* a, const PointResult* b) {
    return a->sweep_index < b->sweep_index;
  });
  write_index(file_.get(), rows, swept_keys_, types_, layouts_);
  add_provenance_texts(file_.get(), provenance_output_texts(provenance_outputs_, summaries_),
                       types_);
  nodes_.close();
  points_.close("close /points");
  file_.close("close " + staging_.string());
  publish_file(staging_, target_);
}

void ResultFileBuilder::forget(const std::string& id) {
  const auto it = summaries_.find(id);
  if (it == summaries_.end()) return;
  for (const auto& record : it->second.nodes) nodes_.forget(record.key, id);
  summaries_.erase(it);
  h5_check(H5Ldelete(points_.get(), id.c_str(), H5P_DEFAULT), "replace point '" + id + "'");
}

}  // namespace assay
