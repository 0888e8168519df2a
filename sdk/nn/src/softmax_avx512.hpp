// Row softmax with an additive mask and its backward pass, for float rows on CPUs with
// AVX-512 (see softmax_avx512.cpp): attention's inner loop.
#pragma once

#include "assay/nn/matrix.hpp"
#include "cpu_features.hpp"

namespace assay::nn {

// Each of `rows` rows of x (`cols` entries, rows ldx apart) becomes softmax(x + mask row), mask
// rows ldm apart (mask null: none). Entries whose exponent is below -80 (among them every
// masked -infinity) become exact zeros; a row with no finite entry becomes zeros.
void avx512_softmax_rows(float* x, Index ldx, const float* mask, Index ldm, Index rows, Index cols);
// dx = y * (g - rowsum(g * y)) for y = softmax(.), row by row.
void avx512_softmax_backward(const float* g, Index ldg, const float* y, Index ldy, float* dx,
                             Index lddx, Index rows, Index cols);

}  // namespace assay::nn
