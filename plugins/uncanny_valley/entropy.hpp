// Entropies of a distribution given by non-negative weights (normalised here), in bits: Shannon's
// H = -sum q log2 q, and Renyi's H_a = log2(sum q^a) / (1 - a), which is Shannon's at a = 1.
// Zouhar et al. (2023) score a tokenisation by the Renyi entropy of its unigram distribution at
// a = 2.5.
#pragma once

#include <vector>

namespace assay::uncanny_valley {

// Throws std::invalid_argument for a negative alpha, a negative weight or no positive weight.
double renyi_entropy(const std::vector<double>& weights, double alpha);
inline double shannon_entropy(const std::vector<double>& weights) {
  return renyi_entropy(weights, 1.0);
}

}  // namespace assay::uncanny_valley
