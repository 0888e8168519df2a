// The gradient tests' shared Catch2 helpers: random inputs by seed and the tolerance assertion.
#pragma once

#include <catch2/catch.hpp>

#include "nn/gradient_check.hpp"

namespace assay::nn::testing {

inline MatD randn(Index rows, Index cols, std::uint64_t seed) {
  Rng rng(seed);
  return normal_matrix<double>(rows, cols, 1.0, rng);
}

inline MatD away(Index rows, Index cols, std::uint64_t seed) {
  Rng rng(seed);
  return away_from_zero(rows, cols, rng);
}

inline void require_close(const GradientError& e) {
  INFO(e.where);
  REQUIRE(e.max_error < kTolerance);
}

}  // namespace assay::nn::testing
