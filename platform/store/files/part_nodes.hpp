// PartNodes: the node outputs in the committed parts of a result that was killed before it was
// consolidated, as a NodeSource for `assay run --resume`: a node the killed run computed (a
// pretrained model every point shares, say) is taken from its part instead of computed again.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "store/layout/node_source.hpp"
#include "store/point_result.hpp"

namespace assay {

class PartNodes final : public NodeSource {
 public:
  // Lists the keys of every committed part of `result_file` (none without a parts folder).
  explicit PartNodes(const std::filesystem::path& result_file);

  std::optional<std::vector<std::pair<std::string, Value>>> find(
      const std::string& key) const override;
  // The result's path, as `--reuse` of the finished file would name it.
  const std::string& name() const override { return name_; }
  std::size_t size() const { return part_of_.size(); }

 private:
  std::string name_;
  std::map<std::string, std::filesystem::path> part_of_;  // key -> the first part holding it
  // The part decoded last (under the HDF5 lock, which find holds): the keys a resumed run asks
  // for mostly sit in the same few parts, and a part is decoded whole.
  mutable std::filesystem::path decoded_part_;
  mutable std::vector<PointResult> decoded_points_;
};

}  // namespace assay
