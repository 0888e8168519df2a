// The paper's checkable claims, measured with this folder's code at check scale: fortunes-min
// (train split for pretraining and the needle task's training, test split for its evaluation),
// wamerican (train split: training needles, test split: evaluation needles), stdlib's BPE at
// vocabulary 512, a 2-layer d64 4-head model at context 64, pretrained 400 steps and trained on
// the needle task 300 steps (batch 16), evaluated on 400 examples per rate at the nine
// rates, for the control f = 0 and for f = 0.2. Computed once per check seed, shared by the
// three claims.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <vector>

#include "entropy_curve.hpp"
#include "valley.hpp"

namespace assay::uncanny_valley {

struct ClaimRuns {
  std::vector<RatePredictions> control, spaced;  // f = 0 and f = 0.2
  std::vector<EntropyPoint> entropy;             // of the evaluation documents, same rates
};
const ClaimRuns& claim_runs(std::uint64_t seed);

std::vector<Claim> detection_lm_claims();

}  // namespace assay::uncanny_valley
