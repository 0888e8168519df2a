// The claims each method declares for `assay verify`, as data: the paper's sentence, the
// measurement of paper_claims.hpp that checks it, and whether it reproduces at this scale.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::feature_learning {

std::vector<Claim> feature_dynamics_claims();
std::vector<Claim> feq_identity_claims();

}  // namespace assay::feature_learning
