// LayerNorm / RMSNorm rows for float on CPUs with AVX-512 (see norm_avx512.cpp and
// ops_norm.cpp for the formulas). Matrices are contiguous, rows x d.
#pragma once

#include "assay/nn/matrix.hpp"
#include "cpu_features.hpp"

namespace assay::nn {

// xhat = (x - mean) * inv_scale (no mean without `center`), out = xhat * gain + bias (gain, bias
// null for none); inv_scale gets one entry per row.
void avx512_normalise_rows(const float* x, Index rows, Index d, const float* gain,
                           const float* bias, bool center, float eps, float* xhat, float* out,
                           float* inv_scale);
// Adds the row sums of dy * xhat and of dy to dgain and dbias (either may be null) and writes
// dx (adds to it if `dx_adds`; null for none).
void avx512_normalise_rows_backward(const float* dy, const float* xhat, const float* inv_scale,
                                    Index rows, Index d, const float* gain, bool center,
                                    float* dgain, float* dbias, float* dx, bool dx_adds);

}  // namespace assay::nn
