// /index: one row per point, in the order given (point id order), with the columns point_id,
// status, replicate, seed, every swept param as "node.param", every scalar output as
// "node.output", and wall_s. A 1-d compound dataset of packed fields, so
// `pd.DataFrame(h5py.File(f)["index"][()])` loads it in one line.
//
// Field types: bool (the FALSE/TRUE enum, numpy bool), int64, uint64 (seed), float64 and
// variable-length UTF-8 strings. A column whose values mix ints and reals is float64; any other
// mix, and an array-valued swept param, is the values' text (to_text). Values a point does not
// have (the outputs of a failed point) are NaN in float64 columns, 0 in integer ones, false in
// bool ones and "" in string ones. An output named like a swept param gets the column
// "node.output (output)".
//
// Two uint64 attributes of /index count what a summary needs over all points: logged_points
// (points whose nodes logged) and points_taking_nodes (points with a node not computed by
// themselves). Files written before them lack them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/encoding/dataset_layout.hpp"
#include "store/encoding/store_types.hpp"
#include "store/point_result.hpp"

namespace assay {

// `points` need only their scalar outputs (what read_point_group(..., scalars_only) gives).
void write_index(hid_t file, const std::vector<const PointResult*>& points,
                 const std::vector<std::string>& swept_keys, const StoreTypes& types,
                 const DatasetLayouts& layouts);

struct IndexEntry {
  std::string id;
  PointStatus status = PointStatus::ok;
};

// The point_id and status columns of /index, without reading the rest.
std::vector<IndexEntry> read_index_entries(hid_t file, const StoreTypes& types);

// Whether a point has a node it did not compute itself (shared, or reused from another file).
bool takes_nodes(const PointResult& point);

// What /index says of the whole result, read in bounded slices, with the ids of the rows
// [offset, offset + limit).
struct IndexSummary {
  std::size_t rows = 0;
  std::array<std::size_t, 3> status_counts{};  // indexed by PointStatus
  std::vector<std::string> columns;            // every column name, in order
  std::vector<std::string> page_ids;
  std::optional<std::uint64_t> logged_points, points_taking_nodes;  // absent in older files
};
IndexSummary read_index_summary(hid_t file, const StoreTypes& types, std::size_t offset,
                                std::size_t limit);

}  // namespace assay
