// Which optional kernels this CPU can run. The library is compiled for AVX2; the *_avx512.cpp
// kernels carry their own target attribute and are called only when this says yes.
#pragma once

namespace assay::nn {

bool cpu_has_avx512();

}  // namespace assay::nn
