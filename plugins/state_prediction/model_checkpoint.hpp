// An InterleavedLm as an nn::Checkpoint, so a trained arm can leave its node: the Gpt's config
// with the arm and the window added ("arm": "standard" | "separated" | "pause", "window": T),
// and every parameter by name (position.weight and rho.weight included).
#pragma once

#include <assay/nn/checkpoint.hpp>
#include <memory>

#include "interleaved_lm.hpp"

namespace assay::state_prediction {

nn::Checkpoint<float> make_model_checkpoint(InterleavedLm& model);

// The model a checkpoint describes, with its parameters; throws std::invalid_argument naming
// the setting when the checkpoint is not of an InterleavedLm.
std::unique_ptr<InterleavedLm> load_model_checkpoint(const nn::Checkpoint<float>& checkpoint);

}  // namespace assay::state_prediction
