// SweepPlan: the points of a validated pipeline, one per element of the cartesian product
// of its sweep axes times its replicates, computed on demand so a 100,000-point sweep does
// not sit in memory.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "assay/value.hpp"
#include "pipeline/pipeline.hpp"
#include "pipeline/plan/params_text.hpp"

namespace assay {

// A node's identity in a point: its lineage key hashes its method id and version, its resolved
// params, the keys (and ports) of the nodes feeding it, the pipeline seed and, unless the node is
// shared across replicates, the replicate. Points that differ only downstream of a node share
// its key and so its seed and its outputs.
struct NodeLineage {
  std::string key;         // 32 hex digits
  std::uint64_t seed = 0;  // derived from the key: the seed the node runs with
};

struct PlannedPoint {
  std::size_t index = 0;  // position in the plan (last axis fastest, replicates innermost)
  std::string id;         // stable hash of all resolved params and the replicate (16 hex)
  std::int64_t replicate = 0;
  std::uint64_t seed = 0;  // derive_seed(pipeline seed, id): the point's own seed, as recorded
  std::vector<std::pair<std::string, Value>> swept;            // "node.param" -> value
  std::map<std::string, std::map<std::string, Value>> params;  // node -> param -> value
  std::vector<NodeLineage> lineage;  // one per node of the pipeline, in its (dependency) order
};

class SweepPlan {
 public:
  // The plan reads the pipeline on every point(), so the pipeline must outlive it.
  explicit SweepPlan(const Pipeline& validated);
  explicit SweepPlan(Pipeline&&) = delete;

  std::size_t size() const { return size_; }
  PlannedPoint point(std::size_t index) const;
  const std::vector<std::string>& swept_keys() const { return swept_keys_; }
  // Hash of everything that determines the outputs (resolved params, axes, seed, method
  // versions); results of runs with different fingerprints must not be mixed by merge.
  const std::string& fingerprint() const { return fingerprint_; }

 private:
  void add_lineage(PlannedPoint& point) const;
  std::string point_id(const PlannedPoint& point) const;

  const Pipeline* pipeline_;
  std::vector<std::vector<std::pair<std::string, std::pair<std::size_t, std::string>>>>
      inputs_;  // per node: input port <- (upstream node index, its output port)
  std::size_t size_ = 0;
  std::vector<std::string> swept_keys_;
  std::string fingerprint_;
  ParamsText id_text_;                    // every node's params, for the point id
  std::vector<ParamsText> lineage_text_;  // per node (in pipeline order), for its lineage key
};

}  // namespace assay
