// The training-free controls of Bit-Mask Tuning: deleting the same number of gate weights
// chosen at random, or the ones of smallest magnitude (classic magnitude pruning).
#pragma once

#include <assay/nn/matrix.hpp>
#include <vector>

namespace assay::bitmask_tuning {

// 0/1 masks shaped like `weights` with exactly k zeros over all of them together: k entries
// drawn uniformly without replacement.
std::vector<nn::Matrix> random_deletion(const std::vector<const nn::Matrix*>& weights, nn::Index k,
                                        nn::Rng& rng);
// ... the k entries of smallest |w| (ties: earlier matrix, then lower row-major index).
std::vector<nn::Matrix> magnitude_deletion(const std::vector<const nn::Matrix*>& weights,
                                           nn::Index k);

}  // namespace assay::bitmask_tuning
