// The stdlib's claims as data for `assay verify`, one list per method that has any.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::stdlib {

std::vector<Claim> linear_probe_claims();
std::vector<Claim> classify_claims();
std::vector<Claim> lm_train_claims();

}  // namespace assay::stdlib
