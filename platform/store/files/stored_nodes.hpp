// StoredNodes: the node outputs of an older result file (its /nodes groups, and the nodes only
// one point has, in that point's group), as a NodeSource
// for `assay run --reuse` and `--resume`. A node key is a hash of the node's whole lineage,
// method version included, so a key found here is the same computation.
#pragma once

#include <hdf5.h>

#include <filesystem>
#include <string>
#include <unordered_map>

#include "store/layout/node_source.hpp"

namespace assay {

class StoredNodes final : public NodeSource {
 public:
  // Lists the keys of `file`; throws SourceError naming it when it is not an Assay result.
  explicit StoredNodes(std::filesystem::path file);

  std::optional<std::vector<std::pair<std::string, Value>>> find(
      const std::string& key) const override;
  const std::string& name() const override { return name_; }
  std::size_t size() const { return keys_.size(); }

 private:
  void add_point_keys(hid_t file);

  std::filesystem::path file_;
  std::string name_;
  std::unordered_map<std::string, std::string> keys_;  // key -> path of its group
};

}  // namespace assay
