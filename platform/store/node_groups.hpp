// /nodes/<key>: the outputs of one node lineage (sweep_plan.hpp), stored once in a result file
// however many points share them; each point's /points/<id>/<node> is a hard link to it, so
// readers that walk /points see every point's outputs where they always were.
#pragma once

#include <string>
#include <unordered_set>

#include "store/hdf5_handle.hpp"

namespace assay {

class NodeGroups {
 public:
  NodeGroups() = default;
  // Creates /nodes in `file`, or opens it when `file` already has one.
  explicit NodeGroups(hid_t file);

  bool has(const std::string& key) const { return keys_.count(key) > 0; }
  // Creates /nodes/<key> for its outputs; the key must be new.
  H5Group create(const std::string& key, hid_t group_creation);
  // Copies /nodes/<key> from another result's /nodes group, unless it is here already.
  void copy_from(hid_t source_nodes, const std::string& key);
  // Makes `name` in `point_group` a hard link to /nodes/<key>.
  void link(const std::string& key, hid_t point_group, const std::string& name) const;
  void close() { group_.close("close /nodes"); }

 private:
  H5Group group_;
  std::unordered_set<std::string> keys_;
};

}  // namespace assay
