#include "cpu_features.hpp"

#include <cstdlib>
#include <cstring>

namespace assay::nn {

// __builtin_cpu_init first: the feature bits may still be unset if this runs during another
// library's static initialisation. The answer never changes, so it is read once.
// ASSAY_NN_NO_AVX512=1 keeps the Eigen path on an AVX-512 CPU, to measure what a CPU without
// AVX-512 would get.
bool cpu_has_avx512() {
  static const bool available = [] {
    const char* off = std::getenv("ASSAY_NN_NO_AVX512");
    if (off != nullptr && std::strcmp(off, "1") == 0) return false;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0;
  }();
  return available;
}

}  // namespace assay::nn
