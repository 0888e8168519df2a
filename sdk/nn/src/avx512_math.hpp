// Vector math shared by the AVX-512 kernels (gelu_avx512.cpp, softmax_avx512.cpp). Include only
// from those files: every function is compiled for AVX-512 through its target attribute, and
// callers must have checked the CPU first.
#pragma once

#include <immintrin.h>

#define ASSAY_NN_AVX512 __attribute__((target("avx512f")))
#define ASSAY_NN_AVX512_INLINE __attribute__((target("avx512f"), always_inline)) inline

namespace assay::nn::avx512 {

// exp(a) for a in [-80, 1]: 2^n e^r with |r| <= ln(2)/2 and a degree-7 Taylor polynomial
// (truncation below 1e-8 relative); 2^n stays a normal float over that range.
ASSAY_NN_AVX512_INLINE __m512 exp_bounded(__m512 a) {
  const __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(a, _mm512_set1_ps(1.44269504f)),
                                        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693145751953125f), a);
  r = _mm512_fnmadd_ps(n, _mm512_set1_ps(1.428606765330187e-06f), r);
  __m512 p = _mm512_set1_ps(1.f / 5040);
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 720));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 120));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 24));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 6));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(0.5f));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f));
  return _mm512_scalef_ps(p, n);
}

// Lanes [0, count) of a vector, count <= 16.
ASSAY_NN_AVX512_INLINE __mmask16 first_lanes(long count) {
  return count >= 16 ? __mmask16(0xFFFF) : static_cast<__mmask16>((1u << count) - 1);
}

}  // namespace assay::nn::avx512
