// The paper's checkable claims, measured with this folder's code at check scale: one model
// (L2, d64, 4 heads) pretrained for kCheckSteps AdamW steps on 4096 sequences of the counting
// language at f = 0 (no explicit digit-count item), probed on 50 + 50 items per count, then
// repaired by each arm (rank 2, 200 Adam steps, lr 1e-2, batch 32, 32 training items per count)
// and evaluated on 50 held-out items per count. Computed once per check seed and shared by all
// claims. Proportions are judged with 95% Wilson intervals over the held-out items.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <vector>

#include "adaptation.hpp"
#include "probe_study.hpp"

namespace assay::counting_bottleneck {

struct ClaimStudy {
  ProbeStudy probes;
  int probe_test_items = 0;
  AdaptResult probe, random, digit_rows, qv;
  int adapt_test_items = 0;
};
const ClaimStudy& claim_study(std::uint64_t seed);

// Wilson score interval of k / n at 95%.
struct Interval {
  double lower = 0, upper = 0;
};
Interval wilson95(double proportion, int n);

std::vector<Claim> count_probes_claims();
std::vector<Claim> probe_informed_lora_claims();

}  // namespace assay::counting_bottleneck
