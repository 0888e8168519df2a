#include "cpu_features.hpp"

namespace assay::nn {

// __builtin_cpu_init first: the feature bits may still be unset if this runs during another
// library's static initialisation. The answer never changes, so it is read once.
bool cpu_has_avx512() {
  static const bool available = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0;
  }();
  return available;
}

}  // namespace assay::nn
