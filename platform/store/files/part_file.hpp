// A part file: one committed batch of points, <file>.parts/NNNNNN.h5. It is self-contained (it
// carries the run's description, so a parts folder alone is a readable result) and compact:
// besides the run attributes it holds five datasets, `ids` (strings), `statuses` (uint8: 0 ok,
// 1 failed, 2 timeout), `offsets` (uint64, one more than points), `records` (uint8: the
// points' records of point_codec.hpp, back to back) and `node_keys` (strings: the lineage keys
// it holds whole; absent in parts written before it existed). It appears under its final name only
// once complete and on disk (write, close, fsync, rename, fsync the folder). Writing and publishing
// are two steps so that the caller can do other work while the disk takes the data.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "store/result_store.hpp"

namespace assay {

// Writes part `number` under its temporary name and starts writing it back to disk.
void write_part_file(const std::filesystem::path& result_file, std::uint64_t number,
                     const RunInfo& info, const std::vector<PointResult>& points);
// Makes it durable (fsync) and renames it into place: from then on the points are committed.
void publish_part_file(const std::filesystem::path& result_file, std::uint64_t number);

struct PartIndex {
  RunInfo info;
  std::vector<std::string> ids;
  std::vector<PointStatus> statuses;
};

PartIndex read_part_index(const std::filesystem::path& part);
std::vector<PointResult> read_part_points(const std::filesystem::path& part);
// The lineage keys of the nodes whose outputs the part holds whole (ok points, nothing left
// unstored by `store`), each once.
std::vector<std::string> read_part_node_keys(const std::filesystem::path& part);

}  // namespace assay
