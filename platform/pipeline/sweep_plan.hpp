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

namespace assay {

struct PlannedPoint {
  std::size_t index = 0;  // position in the plan (last axis fastest, replicates innermost)
  std::string id;         // stable hash of all resolved params and the replicate (16 hex)
  std::int64_t replicate = 0;
  std::uint64_t seed = 0;  // derive_seed(pipeline seed, id); node seeds come from node_seed()
  std::vector<std::pair<std::string, Value>> swept;            // "node.param" -> value
  std::map<std::string, std::map<std::string, Value>> params;  // node -> param -> value
};

class SweepPlan {
 public:
  // The plan reads the pipeline on every point(), so the pipeline must outlive it.
  explicit SweepPlan(const Pipeline& validated);
  explicit SweepPlan(Pipeline&&) = delete;

  std::size_t size() const { return size_; }
  PlannedPoint point(std::size_t index) const;
  const std::vector<std::string>& swept_keys() const { return swept_keys_; }
  // Hash of everything that determines the outputs (resolved params, axes, seed); results of
  // runs with different fingerprints must not be mixed by --resume or merge.
  const std::string& fingerprint() const { return fingerprint_; }

 private:
  const Pipeline* pipeline_;
  std::size_t size_ = 0;
  std::vector<std::string> swept_keys_;
  std::string fingerprint_;
};

// The seed a node of a point runs with.
std::uint64_t node_seed(std::uint64_t point_seed, const std::string& node);

}  // namespace assay
