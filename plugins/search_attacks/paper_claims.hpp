// The paper's checkable claims at check scale: the study of attack_study.hpp on the clean corpus
// (cue_truth_correlation 0.8) and the control corpus (0, cues independent of truth), over
// kSeeds seeds, computed once per check seed and shared by the claims. Intervals are percentile
// bootstrap intervals of the mean of per-seed paired differences.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::search_attacks {

std::vector<Claim> paper_claims();

}  // namespace assay::search_attacks
