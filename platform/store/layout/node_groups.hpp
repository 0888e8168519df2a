// The outputs of one node lineage (sweep_plan.hpp), stored once in a result file however many
// points share them. The first point with a key holds them in its own group,
// /points/<id>/<node>, as a point without lineage always did; when a second point shares the
// key, /nodes/<key> becomes a hard link to that group and the second point's <node> another.
// So a node computed for one point costs no more HDF5 objects than before lineage, and
// /points/<id>/<node> is a valid path for every point.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "store/hdf5/hdf5_handle.hpp"

namespace assay {

class NodeGroups {
 public:
  NodeGroups() = default;
  // Creates /nodes in `file`, or opens it when `file` already has one. Point groups are in
  // `points`.
  NodeGroups(hid_t file, hid_t points);

  // Whether this file holds the key (in /nodes or in one point's group).
  bool has(const std::string& key) const { return shared_.count(key) > 0 || solo_.count(key) > 0; }
  // Records that /points/<id>/<node> holds the outputs of `key`, a key this file lacks.
  void add(const std::string& key, const std::string& id, const std::string& node);
  // Makes `name` in `point_group` a hard link to the outputs of `key`, which this file holds.
  void link(const std::string& key, hid_t point_group, const std::string& name);
  // Before /points/<id> is removed: keys only that point held are no longer in the file.
  void forget(const std::string& key, const std::string& id);
  void close() { group_.close("close /nodes"); }

 private:
  H5Group group_;
  hid_t points_ = -1;
  std::unordered_set<std::string> shared_;                                     // in /nodes
  std::unordered_map<std::string, std::pair<std::string, std::string>> solo_;  // id, node
};

}  // namespace assay
