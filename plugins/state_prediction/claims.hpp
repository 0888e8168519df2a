// The paper's checkable claims, measured with this folder's code at check scale on the
// fortunes-min corpus (stdlib's corpus and character tokenizer): per seed, the three arms at
// L2 d32 (4 heads), context 32, batch 16, 600 AdamW steps, plus the standard arm at L4 as the
// FLOP-matched baseline; 4 seeds, each shared by the arms (same initial draws, same batches).
// The runs are made once per check seed and shared by every claim.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::state_prediction {

std::vector<Claim> separated_lm_train_claims();
std::vector<Claim> gradient_paths_claims();

}  // namespace assay::state_prediction
