// The paper's claims as data for `assay verify`, one list per method: each measures with the
// science's own code (paper_claims.hpp) and declares whether it reproduces at this scale.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::sbi_langevin {

std::vector<Claim> langevin_tuning_claims();
std::vector<Claim> annealed_langevin_claims();
std::vector<Claim> mixture_tall_langevin_claims();

}  // namespace assay::sbi_langevin
