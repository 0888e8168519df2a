#include "store/files/part_nodes.hpp"

#include "store/files/part_file.hpp"
#include "store/files/result_paths.hpp"
#include "store/hdf5/hdf5_lock.hpp"

namespace assay {

PartNodes::PartNodes(const std::filesystem::path& result_file) : name_(result_file.string()) {
  const auto lock = lock_hdf5();
  for (const auto& part : committed_parts(result_file))
    for (auto& key : read_part_node_keys(part.path)) part_of_.emplace(std::move(key), part.path);
}

// Decodes the part whole (a node's outputs may sit in an earlier record of the batch than the
// point that names it), unless it is the one decoded last. Called once per key a resumed run
// needs, which the run then keeps.
std::optional<std::vector<std::pair<std::string, Value>>> PartNodes::find(
    const std::string& key) const {
  const auto part = part_of_.find(key);
  if (part == part_of_.end()) return std::nullopt;
  const auto lock = lock_hdf5();
  if (decoded_part_ != part->second) {
    decoded_points_ = read_part_points(part->second);
    decoded_part_ = part->second;
  }
  for (const auto& point : decoded_points_) {
    const auto* record = find_record_by_key(point, key);
    if (!record || point.status != PointStatus::ok || !record->unstored.empty()) continue;
    std::vector<std::pair<std::string, Value>> outputs;
    for (const auto& output : point.outputs)
      if (output.node == record->node) outputs.emplace_back(output.port, output.value);
    return outputs;
  }
  return std::nullopt;
}

}  // namespace assay
