// The paper's claims as data for `assay verify`: each names the paper's sentence, measures it
// with paper_claims.hpp and states the relation and the outcome this project expects.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::qnn_spectral {

std::vector<assay::Claim> qnn_fourier_fit_claims();
std::vector<assay::Claim> mlp_fourier_fit_claims();

}  // namespace assay::qnn_spectral
