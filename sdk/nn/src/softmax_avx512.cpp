// Softmax rows with AVX-512. Rows are short (attention: at most the context length), so each
// is handled whole: add the mask and take the maximum, exponentiate and sum, scale. Exponents
// below -80 are flushed to zero rather than left to produce denormals (an earlier round measured
// arithmetic on them at roughly 100x slower); the probabilities they stand for are below 2e-35.
#include "softmax_avx512.hpp"

#include <limits>

#include "avx512_math.hpp"

namespace assay::nn {

ASSAY_NN_AVX512 void avx512_softmax_rows(float* x, Index ldx, const float* mask, Index ldm,
                                         Index rows, Index cols) {
  const __m512 lowest = _mm512_set1_ps(-std::numeric_limits<float>::infinity());
  for (Index i = 0; i < rows; ++i) {
    float* row = x + i * ldx;
    const float* mask_row = mask != nullptr ? mask + i * ldm : nullptr;
    __m512 top = lowest;
    for (Index j = 0; j < cols; j += 16) {
      const __mmask16 m = avx512::first_lanes(cols - j);
      __m512 v = _mm512_mask_loadu_ps(lowest, m, row + j);
      if (mask_row != nullptr) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(m, mask_row + j));
      _mm512_mask_storeu_ps(row + j, m, v);
      top = _mm512_max_ps(top, v);
    }
    const float row_max = _mm512_reduce_max_ps(top);
    if (!(row_max > -std::numeric_limits<float>::infinity()) ||
        row_max == std::numeric_limits<float>::infinity()) {
      for (Index j = 0; j < cols; ++j) row[j] = 0;
      continue;
    }
    const __m512 shift = _mm512_set1_ps(row_max);
    __m512 total = _mm512_setzero_ps();
    for (Index j = 0; j < cols; j += 16) {
      const __mmask16 m = avx512::first_lanes(cols - j);
      const __m512 a = _mm512_sub_ps(_mm512_maskz_loadu_ps(m, row + j), shift);
      const __mmask16 kept = _mm512_mask_cmp_ps_mask(m, a, _mm512_set1_ps(-80.f), _CMP_GE_OQ);
      const __m512 e =
          _mm512_maskz_mov_ps(kept, avx512::exp_bounded(_mm512_max_ps(a, _mm512_set1_ps(-80.f))));
      _mm512_mask_storeu_ps(row + j, m, e);
      total = _mm512_add_ps(total, e);
    }
    const __m512 scale = _mm512_set1_ps(1.f / _mm512_reduce_add_ps(total));
    for (Index j = 0; j < cols; j += 16) {
      const __mmask16 m = avx512::first_lanes(cols - j);
      _mm512_mask_storeu_ps(row + j, m, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, row + j), scale));
    }
  }
}

ASSAY_NN_AVX512 void avx512_softmax_backward(const float* g, Index ldg, const float* y, Index ldy,
                                             float* dx, Index lddx, Index rows, Index cols) {
  for (Index i = 0; i < rows; ++i) {
    const float* gi = g + i * ldg;
    const float* yi = y + i * ldy;
    __m512 dot = _mm512_setzero_ps();
    for (Index j = 0; j < cols; j += 16) {
      const __mmask16 m = avx512::first_lanes(cols - j);
      dot =
          _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, gi + j), _mm512_maskz_loadu_ps(m, yi + j), dot);
    }
    const __m512 d = _mm512_set1_ps(_mm512_reduce_add_ps(dot));
    for (Index j = 0; j < cols; j += 16) {
      const __mmask16 m = avx512::first_lanes(cols - j);
      const __m512 diff = _mm512_sub_ps(_mm512_maskz_loadu_ps(m, gi + j), d);
      _mm512_mask_storeu_ps(dx + i * lddx + j, m,
                            _mm512_mul_ps(_mm512_maskz_loadu_ps(m, yi + j), diff));
    }
  }
}

}  // namespace assay::nn
