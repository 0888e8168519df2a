// The paper's checkable claims as `assay verify` checks. Each runs one experiment of
// paper_claims.hpp at the context's seed and judges it against its statistical reference.
#pragma once

#include <assay/check.hpp>

namespace assay::cil_decentering {

CheckResult check_offset_closed_form(const CheckContext& ctx);            // claim 1
CheckResult check_population_exact(const CheckContext& ctx);              // claim 2, population
CheckResult check_gap_recovered(const CheckContext& ctx);                 // claim 2, estimates
CheckResult check_random_features_gap(const CheckContext& ctx);           // claim 2, second setting
CheckResult check_bound_when_separated(const CheckContext& ctx);          // claim 3a
CheckResult check_confusion_without_separation(const CheckContext& ctx);  // claim 3b
CheckResult check_asymmetry_to_one(const CheckContext& ctx);              // claim 3c
CheckResult check_decentered_bound(const CheckContext& ctx);              // claim 4
CheckResult check_predicts_as_lda(const CheckContext& ctx);               // claim 5

}  // namespace assay::cil_decentering
