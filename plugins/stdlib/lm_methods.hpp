// The stdlib's language-model methods (train, evaluate, generate over nn::Checkpoint values) as
// exports for ASSAY_PLUGIN.
#pragma once

#include <assay/plugin.hpp>

namespace assay::stdlib {

MethodExport lm_train_method();
MethodExport lm_eval_method();
MethodExport lm_generate_method();

}  // namespace assay::stdlib
