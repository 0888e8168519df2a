// The plugin's claims (`assay verify belief_search`), per method, one check per claim of the
// paper. The computations the checks run live in the science files.
#pragma once
#include <assay/check.hpp>
#include <vector>

namespace assay::belief_search::checks {

std::vector<Claim> belief_controller_claims();
std::vector<Claim> search_policy_training_claims();

}  // namespace assay::belief_search::checks
