// The paper's checkable claims, measured with this folder's code at the scale of `assay
// verify` (about 90 CPU-s for all of them). The target is the 2-d ring of 8 modes (separation
// 3, mode sd 0.25, weight ratio 4); see README.md for the exact protocol of each.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <vector>

#include "rank_correlation.hpp"

namespace assay::lowrank_collapse {

struct CorrelationClaim {
  CorrelationInterval spearman;  // 95% percentile bootstrap over the runs
  int runs = 0;
  int distinct_outcomes = 0;  // distinct values of the predicted quantity over the runs
};

// Claim 1: across init scale x width x learning rate x 2 seeds, the stable rank of the accumulated
// update W_T - W_0 (mean over layers) against modes covered.
CorrelationClaim rank_predicts_coverage_claim(std::uint64_t seed);

// Claim 2: the rank intervention (k = 1, 2, 4, full) over seeds, Spearman of k against modes
// covered, for flow matching and for reverse-KL VI with a coupling flow.
CorrelationClaim fm_intervention_claim(std::uint64_t seed);
CorrelationClaim vi_intervention_claim(std::uint64_t seed);
// The same flow-matching intervention on the 10-d simplex of 8 modes (separation 3, sd 0.25,
// weight ratio 4): added after the intervention pipeline showed coverage rising with k there.
CorrelationClaim fm_intervention_10d_claim(std::uint64_t seed);

// Claim 3: on a 16-point training set, over widths and training lengths, the effective rank of
// the accumulated update (mean over layers) against the nearest-neighbour ratio of the samples
// to the training points (memorisation: ratio towards 0).
CorrelationClaim memorisation_claim(std::uint64_t seed);

// The claims as `assay verify` runs them, per method, each with its declared outcome.
std::vector<Claim> flow_matching_train_claims();
std::vector<Claim> rank_intervention_claims();

}  // namespace assay::lowrank_collapse
