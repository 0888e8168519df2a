// The floating-point operations of one training step, measured on the model itself rather than
// assumed from its parameter count: every projection the forward pass runs is counted as it runs
// (2 * rows * in * out each), and each attention layer as the products its mask allows
// (scores and the weighted sum of values: 2 * 2 * head_dim per allowed (query, key) pair, per
// head and window). The backward pass of a product costs two products of the same size, so a
// step is 3 forward passes. Element-wise work (norms, activations, softmax) is not counted.
#pragma once

#include <cstdint>

#include "interleaved_lm.hpp"

namespace assay::state_prediction {

struct StepFlops {
  double projections = 0;  // forward pass, every projection including the unembedding
  double attention = 0;    // forward pass, the allowed (query, key) products
  double forward() const { return projections + attention; }
  double step() const { return 3 * forward(); }
};

// Runs one forward pass of `batch` windows (token 0 everywhere) with counting projections, then
// restores the model's plain projections.
StepFlops measure_step_flops(InterleavedLm& model, nn::Index batch);

}  // namespace assay::state_prediction
