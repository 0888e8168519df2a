// The paper's checkable claims at check scale, as `assay verify` runs them. Per check seed, 3
// model seeds; per model seed the sparse model and both dense controls are trained on the same
// batches of Python 3.11 standard-library code (the top-level modules of /usr/lib/python3.11,
// files split by name: 1 in 10 validation, 2 in 10 analysis, the rest training), then
// analysed on the same fit and held-out windows. Scale: d64, 2 layers, head size 16, context
// 32, 300 steps of 16 windows, 1/16 of the weights nonzero; 32 windows per analysis split,
// 256 sampled weights per model.
#pragma once

#include <assay/check.hpp>
#include <vector>

namespace assay::sparse_weights {

std::vector<Claim> importance_claims();
std::vector<Claim> explainer_claims();

}  // namespace assay::sparse_weights
