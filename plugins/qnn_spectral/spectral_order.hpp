// Which target components a fit learns first: the summary numbers the paper's claim is about.
#pragma once

#include <vector>

#include "fourier_target.hpp"

namespace assay::qnn_spectral {

struct LearningOrder {
  int first_frequency = -1;   // component whose residual halved first (-1: none did)
  bool by_amplitude = false;  // half-steps strictly increase as amplitude decreases
  bool by_frequency = false;  // half-steps strictly increase with frequency
};

// A component that never halved counts as learned after every one that did.
LearningOrder learning_order(const std::vector<ComponentProgress>& components);

}  // namespace assay::qnn_spectral
