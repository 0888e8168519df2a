// The claims each method declares for `assay verify`, as data: the paper's sentence and the
// measurement of paper_claims.hpp that checks it. Monte Carlo claims run their blocks through
// `run`, so the plugin can spread them over the host's threads.
#pragma once

#include <assay/check.hpp>
#include <vector>

#include "experiments.hpp"

namespace assay::mdp_types {

std::vector<Claim> markov_pair_ldp_claims(const BlockRunner& run);
std::vector<Claim> type_class_sizes_claims();
std::vector<Claim> kl_pessimism_claims(const BlockRunner& run);
std::vector<Claim> mdp_value_rate_claims(const BlockRunner& run);
std::vector<Claim> markov_coding_exponent_claims(const BlockRunner& run);

}  // namespace assay::mdp_types
