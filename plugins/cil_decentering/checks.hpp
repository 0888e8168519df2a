// The paper's checkable claims, per method, for `assay verify`. Each check runs one experiment
// of paper_claims.hpp at the context's seed and judges it against its statistical reference.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::cil_decentering {

std::vector<Claim> random_feature_backbone_claims();  // claim 2, second setting
std::vector<Claim> cil_train_claims();                // claim 1
std::vector<Claim> decenter_claims();                 // claims 2 and 5
std::vector<Claim> task_confusion_bound_claims();     // claims 3 and 4

}  // namespace assay::cil_decentering
