// Weight sparsity as Gao et al. (2025) train it: after every optimiser step each matrix keeps
// only its k largest-magnitude entries, k falling from dense to the target fraction over the
// first part of training, and every neuron keeps at least a few incoming weights so that none
// is cut off.
#pragma once

#include <assay/nn/parameter.hpp>

namespace assay::sparse_weights {

struct SparsityOptions {
  double nonzero_fraction = 1.0 / 16;  // at the end of the anneal
  double anneal_fraction = 0.5;        // share of the steps over which 1 -> nonzero_fraction
  int min_live = 4;                    // live weights kept per row (neuron) of each matrix
};

// The nonzero fraction at `step` of `steps`: linear from 1 to the target, then the target.
double nonzero_fraction_at(long step, long steps, const SparsityOptions& options);

// Keeps the k entries of largest |m| plus, in every row, its min_live largest; zeroes the rest.
// Rows' forced entries count towards k, so exactly max(k, forced) entries survive (ties: lower
// row-major index first).
void keep_top_k_per_matrix(nn::Mat<float>& m, nn::Index k, int min_live);

// The parameters the projection applies to: every matrix except the bigram table (norm gains
// and biases are 1 x n).
bool is_sparsified(const nn::Parameter<float>& p);

}  // namespace assay::sparse_weights
