#include "store/files/consolidation.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>

#include "store/files/record_precedence.hpp"
#include "store/hdf5/hdf5_files.hpp"

namespace assay {

namespace {
// The ids each source has to contribute.
std::vector<std::set<std::string>> winners_by_source(const ResultFileBuilder& builder,
                                                     const std::vector<SourceIndex>& indexes) {
  WinningRecords winners;
  for (std::size_t i = 0; i < indexes.size(); ++i)
    for (const auto& entry : indexes[i].entries) winners.offer(entry.id, {i, entry.status});
  std::vector<std::set<std::string>> wanted(indexes.size());
  for (const auto& [id, origin] : winners.by_id()) {
    const auto held = builder.status_of(id);
    if (!held || !replaces(origin.status, *held)) wanted[origin.source].insert(id);
  }
  return wanted;
}

std::optional<std::uint64_t> new_index(const SweepIndexes& reindex, const std::string& id) {
  const auto it = reindex.find(id);
  if (it == reindex.end()) return std::nullopt;
  return it->second;
}

void copy_from_file(ResultFileBuilder& builder, const ResultSource& source,
                    const SourceIndex& index, const std::set<std::string>& ids,
                    const SweepIndexes& reindex) {
  const H5File file = open_hdf5_file(source.path);
  const H5Group points(H5Gopen2(file.get(), "points", H5P_DEFAULT),
                       "open /points of " + source.path.string());
  for (const auto& id : ids)
    builder.copy(points.get(), id, index.info.swept_keys, new_index(reindex, id));
}

void put_from_part(ResultFileBuilder& builder, const ResultSource& source, const SourceIndex& index,
                   const std::set<std::string>& ids, const SweepIndexes& reindex) {
  // A part may hold several records of one id (a point added twice to a batch).
  std::map<std::string, PointResult> chosen;
  for (auto& point : read_source_points(source, index.info.swept_keys)) {
    if (!ids.count(point.id)) continue;
    const auto [it, added] = chosen.try_emplace(std::string(point.id), std::move(point));
    if (!added && replaces(it->second.status, point.status)) it->second = std::move(point);
  }
  for (auto& [id, point] : chosen) {
    if (const auto index = new_index(reindex, id)) point.sweep_index = *index;
    builder.put(point);
  }
}
}  // namespace

void add_winning_records(ResultFileBuilder& builder, const std::vector<ResultSource>& sources,
                         const std::vector<SourceIndex>& indexes, const SweepIndexes& reindex) {
  const auto wanted = winners_by_source(builder, indexes);
  for (std::size_t i = 0; i < sources.size(); ++i) {
    if (wanted[i].empty()) continue;
    if (sources[i].part)
      put_from_part(builder, sources[i], indexes[i], wanted[i], reindex);
    else
      copy_from_file(builder, sources[i], indexes[i], wanted[i], reindex);
  }
}

}  // namespace assay
