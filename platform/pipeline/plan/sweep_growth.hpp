// Growing a sweep: `assay run ... --resume` on a result whose pipeline has since gained sweep
// values or replicates runs only the new points. Point ids hash a point's resolved params and
// replicate, so the result's points are found in the grown plan; what must not change is
// anything that would make one of them another computation.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "pipeline/pipeline.hpp"
#include "pipeline/plan/sweep_plan.hpp"

namespace assay {

// Throws SourceError naming the key that changed unless every point of `before` (the validated
// pipeline a result was written with, `result`) is a point of `now` computed the same way: the
// same seed, nodes, methods, links and replicate sharing, every param's earlier values among
// its values now, and every earlier point id among `grown_ids` (the ids of `now`'s plan, with
// their indexes, which the caller needs anyway to re-index the earlier points).
void check_sweep_growth(const Pipeline& before, const Pipeline& now,
                        const std::unordered_map<std::string, std::uint64_t>& grown_ids,
                        const std::string& result);

}  // namespace assay
