// What `--dry-run` says about a plan besides its points, in text and in JSON alike: how many
// distinct lineages each node has, and the axis a swept param takes its values from.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/plan/sweep_plan.hpp"

namespace assay {

// Per node of the pipeline: the distinct lineage keys over the plan (what the sweep will
// compute). Empty for a plan too large to walk.
std::vector<std::size_t> distinct_lineages(const Pipeline& pipeline, const SweepPlan& plan);

// The sweep axis over "node.param", with the key's position in it (a zipped axis has several).
struct SweptParam {
  const SweepAxis* axis = nullptr;
  std::size_t key = 0;

  std::vector<Value> values() const;
  std::vector<std::string> zipped_with() const;  // the axis's other keys
};
std::optional<SweptParam> swept_param(const Pipeline& pipeline, const std::string& node,
                                      const std::string& param);

}  // namespace assay
