// A register-tiled float product for CPUs with AVX-512, compiled through function target
// attributes so that the rest of the library (and Eigen's alignment) stays AVX2.
//
// Each tile keeps MR rows x up to 64 columns of C in zmm registers for the whole depth k: per
// step of k it loads one row of B (up to four vectors) and broadcasts MR entries of A, so A is
// read in place in either layout and only a transposed B is repacked (8 x 8 in-register
// transposes). Column tails use masked loads and stores, row tails one shorter tile. Around the
// tiles: column blocks of 64, depth slices of 128 (B's slice stays in L1), and bands of 48 rows
// for tall products (A's rows stay in L1 across the column blocks).
#include <algorithm>
#include <memory>

#include "avx512_math.hpp"
#include "gemm.hpp"

namespace assay::nn {
namespace {

// Bias and accumulation are template arguments: as run-time branches in the store loop they
// made GCC keep the accumulators in memory.
enum class Epilogue { assign, add, bias };

template <int MR, int NV, Epilogue E>
ASSAY_NN_AVX512 void tile(Index k, const float* a, Index ars, Index acs, const float* b, Index brs,
                          __mmask16 last, float alpha, float* c, Index ldc, const float* bias) {
  __m512 acc[MR][NV];
#pragma GCC unroll 16
  for (int i = 0; i < MR; ++i) {
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_setzero_ps();
  }
  // Unrolled four steps deep: about 5-10% faster than one, in microbenchmarks of these shapes.
#pragma GCC unroll 4
  for (Index p = 0; p < k; ++p) {
    __m512 bv[NV];
    const float* brow = b + p * brs;
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      bv[v] =
          v == NV - 1 ? _mm512_maskz_loadu_ps(last, brow + 16 * v) : _mm512_loadu_ps(brow + 16 * v);
    }
    const float* ap = a + p * acs;
#pragma GCC unroll 16
    for (int i = 0; i < MR; ++i) {
      const __m512 ai = _mm512_set1_ps(ap[i * ars]);
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[i][v] = _mm512_fmadd_ps(ai, bv[v], acc[i][v]);
    }
  }
  const __m512 scale = _mm512_set1_ps(alpha);
#pragma GCC unroll 16
  for (int i = 0; i < MR; ++i) {
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      const __mmask16 m = v == NV - 1 ? last : __mmask16(0xFFFF);
      float* cv = c + i * ldc + 16 * v;
      __m512 r = _mm512_mul_ps(acc[i][v], scale);
      if constexpr (E == Epilogue::add) r = _mm512_add_ps(r, _mm512_maskz_loadu_ps(m, cv));
      if constexpr (E == Epilogue::bias) {
        r = _mm512_add_ps(r, _mm512_maskz_loadu_ps(m, bias + 16 * v));
      }
      _mm512_mask_storeu_ps(cv, m, r);
    }
  }
}

// The last rows < MR of a block, as one tile of exactly that height.
template <int MR, int NV, Epilogue E>
ASSAY_NN_AVX512 void tail_tile(Index rows, Index k, StridedOperand a, const float* b, Index brs,
                               __mmask16 last, float alpha, float* c, Index ldc,
                               const float* bias) {
  if constexpr (MR > 1) {
    if (rows == MR - 1) {
      tile<MR - 1, NV, E>(k, a.data, a.row_stride, a.col_stride, b, brs, last, alpha, c, ldc, bias);
    } else {
      tail_tile<MR - 1, NV, E>(rows, k, a, b, brs, last, alpha, c, ldc, bias);
    }
  }
}

// All m rows of one block of up to 16 * NV columns: tiles of MR rows, then one shorter tile
// (halving the height instead ended 64-row products with a 1-row tile: 4 FMAs per 5 loads).
template <int MR, int NV, Epilogue E>
ASSAY_NN_AVX512 void row_tiles(Index m, Index k, StridedOperand a, const float* b, Index brs,
                               __mmask16 last, float alpha, float* c, Index ldc,
                               const float* bias) {
  Index i = 0;
  for (; i + MR <= m; i += MR) {
    tile<MR, NV, E>(k, a.data + i * a.row_stride, a.row_stride, a.col_stride, b, brs, last, alpha,
                    c + i * ldc, ldc, bias);
  }
  if (i < m) {
    const StridedOperand rest{a.data + i * a.row_stride, a.row_stride, a.col_stride};
    tail_tile<MR, NV, E>(m - i, k, rest, b, brs, last, alpha, c + i * ldc, ldc, bias);
  }
}

// Tile heights keep MR * NV accumulators at 16-24 of the 32 zmm registers.
template <Epilogue E>
ASSAY_NN_AVX512 void column_blocks(Index m, Index n, Index k, StridedOperand a, const float* b,
                                   Index brs, float alpha, float* c, Index ldc, const float* bias) {
  for (Index j = 0; j < n; j += 64) {
    const Index width = std::min<Index>(64, n - j);
    const Index vectors = (width + 15) / 16;
    const __mmask16 last = avx512::first_lanes(width - 16 * (vectors - 1));
    const float* bias_j = bias != nullptr ? bias + j : nullptr;
    switch (vectors) {
      case 1:
        row_tiles<16, 1, E>(m, k, a, b + j, brs, last, alpha, c + j, ldc, bias_j);
        break;
      case 2:
        row_tiles<12, 2, E>(m, k, a, b + j, brs, last, alpha, c + j, ldc, bias_j);
        break;
      case 3:
        row_tiles<8, 3, E>(m, k, a, b + j, brs, last, alpha, c + j, ldc, bias_j);
        break;
      default:
        row_tiles<6, 4, E>(m, k, a, b + j, brs, last, alpha, c + j, ldc, bias_j);
        break;
    }
  }
}

// The depth is cut into slices of kDepth so that the slice of B that every row tile re-reads
// (kDepth x 64 floats, 32 KB) stays in L1; later slices add to what the first one stored.
constexpr Index kDepth = 128;

// Tall products (many more rows than columns: a layer's forward and input gradient) go in
// bands of kBand rows, each through all column blocks while its rows of A are in L1, so A
// (the activations) is read once instead of once per column block.
constexpr Index kBand = 48;

template <Epilogue E>
ASSAY_NN_AVX512 void row_bands(Index m, Index n, Index k, StridedOperand a, const float* b,
                               Index brs, float alpha, float* c, Index ldc, const float* bias) {
  if (m <= n || n <= 64) {
    column_blocks<E>(m, n, k, a, b, brs, alpha, c, ldc, bias);
    return;
  }
  for (Index i = 0; i < m; i += kBand) {
    const StridedOperand band{a.data + i * a.row_stride, a.row_stride, a.col_stride};
    column_blocks<E>(std::min(kBand, m - i), n, k, band, b, brs, alpha, c + i * ldc, ldc, bias);
  }
}

// A transposed A (a weight gradient G^T X) is read a few entries from each of kDepth rows per
// tile, a stride the hardware prefetchers do not follow; its slice is contiguous in memory,
// so it is requested line by line up front, as one sequential stream. Slices under 32 KB (in
// attention's small products) are left alone: they are usually in L1 already.
ASSAY_NN_AVX512 void prefetch_transposed_slice(StridedOperand a, Index m, Index depth) {
  const Index extent = (depth - 1) * a.col_stride + m;
  if (a.row_stride != 1 || extent < 8192) return;
  const char* first = reinterpret_cast<const char*>(a.data);
  const char* last = reinterpret_cast<const char*>(a.data + extent);
  for (const char* line = first; line < last; line += 64) _mm_prefetch(line, _MM_HINT_T1);
}

template <Epilogue E>
ASSAY_NN_AVX512 void depth_slices(Index m, Index n, Index k, StridedOperand a, const float* b,
                                  Index brs, float alpha, float* c, Index ldc, const float* bias) {
  prefetch_transposed_slice(a, m, std::min(k, kDepth));
  row_bands<E>(m, n, std::min(k, kDepth), a, b, brs, alpha, c, ldc, bias);
  for (Index p = kDepth; p < k; p += kDepth) {
    const StridedOperand a_p{a.data + p * a.col_stride, a.row_stride, a.col_stride};
    prefetch_transposed_slice(a_p, m, std::min(kDepth, k - p));
    row_bands<Epilogue::add>(m, n, std::min(kDepth, k - p), a_p, b + p * brs, brs, alpha, c, ldc,
                             nullptr);
  }
}

// out (k x n, row-major) = the k x n operand b whose entries (p, j) lie at src[j * ld + p].
ASSAY_NN_AVX512 void pack_transposed(const float* src, Index ld, Index k, Index n, float* out) {
  Index j = 0;
  for (; j + 8 <= n; j += 8) {
    Index p = 0;
    for (; p + 8 <= k; p += 8) {
      __m256 r[8], t[8], u[8];
      for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(src + (j + i) * ld + p);
      for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
      }
      for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
        u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
        u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
        u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
      }
      for (int i = 0; i < 4; ++i) {
        _mm256_storeu_ps(out + (p + i) * n + j, _mm256_permute2f128_ps(u[i], u[i + 4], 0x20));
        _mm256_storeu_ps(out + (p + i + 4) * n + j, _mm256_permute2f128_ps(u[i], u[i + 4], 0x31));
      }
    }
    for (; p < k; ++p) {
      for (Index i = 0; i < 8; ++i) out[p * n + j + i] = src[(j + i) * ld + p];
    }
  }
  for (; j < n; ++j) {
    for (Index p = 0; p < k; ++p) out[p * n + j] = src[j * ld + p];
  }
}

template <Epilogue E>
ASSAY_NN_AVX512 void product(Index m, Index n, Index k, StridedOperand a, StridedOperand b,
                             float alpha, float* c, Index ldc, const float* bias, float* scratch) {
  if (b.col_stride == 1) {
    depth_slices<E>(m, n, k, a, b.data, b.row_stride, alpha, c, ldc, bias);
    return;
  }
  // A transposed B (row_stride 1): rows of B must be contiguous for the vector loads.
  std::unique_ptr<float[]> temporary;
  if (scratch == nullptr) {
    temporary = std::make_unique_for_overwrite<float[]>(static_cast<std::size_t>(k * n));
    scratch = temporary.get();
  }
  pack_transposed(b.data, b.col_stride, k, n, scratch);
  depth_slices<E>(m, n, k, a, scratch, n, alpha, c, ldc, bias);
}

}  // namespace

void avx512_gemm(Index m, Index n, Index k, StridedOperand a, StridedOperand b, float alpha,
                 float* c, Index ldc, Store store, const float* bias, float* scratch) {
  if (m <= 0 || n <= 0) return;
  if (store == Store::add) {
    product<Epilogue::add>(m, n, k, a, b, alpha, c, ldc, nullptr, scratch);
  } else if (bias != nullptr) {
    product<Epilogue::bias>(m, n, k, a, b, alpha, c, ldc, bias, scratch);
  } else {
    product<Epilogue::assign>(m, n, k, a, b, alpha, c, ldc, nullptr, scratch);
  }
}

}  // namespace assay::nn
