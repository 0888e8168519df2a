// The paper's checkable claims, computed with the plugin's own science on small instances.
// Each returns the measured value and the bound it is compared with; plugin.cpp turns them
// into checks.
#pragma once

#include <cstdint>
#include <string>

#include "market.hpp"

namespace assay::data_exchange {

struct ClaimMeasurement {
  double measured = 0;
  double bound = 0;
  std::string detail;
};

// Logit market with an empty eps-core: beta = 60, sizes (60, 120, 60), a(d) = 1 - d^-0.4.
Market logit_counterexample(bool equal_sharing);

// (i) Fully rational markets: number of instances (n = 3, 4; power-law and measured curves)
// where the grid search finds an exchange that no coalition blocks after refinement.
ClaimMeasurement rational_core_found(std::uint64_t seed);
// (ii) Min-max blocking margin of the logit counterexample at grids 5, 9, 17, extrapolated
// as m17 - |m17 - m9| (the last change taken as the error bound of the finest grid).
ClaimMeasurement logit_core_empty_under_refinement();
// (iii) Largest refined blocking margin at the best exchange of the counterexample with equal
// sharing (<= tolerance: core-stable).
ClaimMeasurement sharing_restores_core();
// (iv) Fraction of measured-curve rational instances (n = 3) on which the dynamic from
// autarky reaches a core-stable exchange within 50 steps.
ClaimMeasurement dynamic_converges(std::uint64_t seed, int instances);

}  // namespace assay::data_exchange
