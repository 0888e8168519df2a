// PointResult: one finished sweep point as the scheduler hands it to the result store.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "assay/value.hpp"

namespace assay {

enum class PointStatus : std::uint8_t { ok, failed, timeout };
std::string_view status_name(PointStatus status);  // "ok", "failed", "timeout"
// The inverse of status_name; throws assay::Error naming an unknown status.
PointStatus status_from_name(std::string_view name);

struct NodeOutput {
  std::string node;
  std::string port;
  Value value;

  bool operator==(const NodeOutput&) const = default;
};

// Where a point's node came from: its lineage key, and "computed" (by this point), "shared"
// (computed by another point of the run) or "reused <file>" (read from an older result).
struct NodeRecord {
  std::string node;
  std::string key;
  std::string origin;
  // Outputs the node produced but the pipeline's `store` left out of the result: the node's
  // group lists them (attribute "unstored"), and such a node cannot be reused from the file.
  std::vector<std::string> unstored;
};

struct PointResult {
  std::string id;
  std::int64_t replicate = 0;
  std::uint64_t sweep_index = 0;  // position in the sweep plan: /index lists points in this order
  std::uint64_t seed = 0;
  std::vector<std::pair<std::string, Value>> swept;  // "node.param" -> value, plan order
  PointStatus status = PointStatus::ok;
  std::string error;  // "node: message" for failed and timed-out points
  double wall_s = 0;
  std::vector<NodeOutput> outputs;  // nodes in dependency order, ports in declaration order
  std::vector<NodeRecord> nodes;    // the nodes with outputs, in the same order
  std::string log;  // what its nodes logged (Context::log), a line "node: message" each
};

// The record of `node` in `point`, or nullptr when the node has none.
inline const NodeRecord* find_record(const PointResult& point, std::string_view node) {
  for (const auto& record : point.nodes)
    if (record.node == node) return &record;
  return nullptr;
}

// The record of the node whose lineage key is `key` in `point`, or nullptr.
inline const NodeRecord* find_record_by_key(const PointResult& point, std::string_view key) {
  for (const auto& record : point.nodes)
    if (record.key == key) return &record;
  return nullptr;
}

}  // namespace assay
