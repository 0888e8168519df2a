// The paper's claims as data for `assay verify`, per method: each names the paper's sentence,
// runs its experiment (paper_claims.hpp), reduces it to one figure (claim_figures.hpp) and
// states the relation. All of them are expected to reproduce at the scale they run.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::monoculture {

std::vector<assay::Claim> irt_fit_claims();
std::vector<assay::Claim> monoculture_measure_claims();
std::vector<assay::Claim> population_sweep_claims();

}  // namespace assay::monoculture
