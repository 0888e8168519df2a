// The paper's claims as data for `assay verify`, one list per method: each measures with the
// science's own code (paper_claims.hpp) and declares whether it reproduces at this scale.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::bitmask_tuning {

std::vector<Claim> mask_tuning_claims();
std::vector<Claim> delta_geometry_claims();

}  // namespace assay::bitmask_tuning
