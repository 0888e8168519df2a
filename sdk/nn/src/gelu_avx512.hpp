// GELU and its derivative in one pass for float on CPUs with AVX-512 (see gelu_avx512.cpp).
#pragma once

#include "assay/nn/matrix.hpp"
#include "cpu_features.hpp"

namespace assay::nn {

// y = x Phi(x) and slope = dy/dx = Phi(x) + x phi(x) for n floats.
void avx512_gelu(const float* x, float* y, float* slope, Index n);

}  // namespace assay::nn
