// The checkable claims as measurements made with the method's own code; the plugin's
// checks and the unit tests compare them with closed forms and statistics.
#pragma once

#include <assay/check.hpp>
#include <cstdint>
#include <vector>

namespace assay::flood_bifiltration {

// Claim 1: uniform points in [0, 1]^dim, L = X. exact_bottleneck[k]: bottleneck distance between
// the exact Flood and GUDHI alpha diagrams in degree k. For the sampled mode at resolution m in
// `resolutions`: bottleneck to the exact diagrams (max over degrees), and the closed-form bound
// longest_edge / m (d(., X) is 1-Lipschitz and bottleneck <= sup-norm of the filtrations).
struct AlphaAgreement {
  std::vector<double> exact_bottleneck;
  std::vector<int> resolutions;
  std::vector<double> sampled_bottleneck, sampled_bound;
};
AlphaAgreement alpha_agreement(std::uint64_t seed, int dim, int points,
                               const std::vector<int>& resolutions);

// Claim 2: the bifiltration slice at s = max gamma against the 1-parameter Flood filtration:
// the largest |difference| of simplex values and of bottleneck distances over degrees 0, 1.
struct TopSliceAgreement {
  double max_value_difference = 0;
  double max_bottleneck = 0;
};
TopSliceAgreement top_slice_agreement(std::uint64_t seed);

// Claim 3: grid cells (r_i, s_j, degree) where the Hilbert function differs from the Betti
// numbers GUDHI computes on the static slice complex {sigma : f_{s_j}(sigma) <= r_i}.
struct HilbertAgreement {
  int cells = 0;
  int mismatches = 0;
};
HilbertAgreement hilbert_vs_betti(std::uint64_t seed);

// Claim 4: gamma' = gamma + U(-eps, eps). grade_violation: largest amount by which some
// f'_s(sigma) leaves [f_{s+eps}(sigma), f_{s-eps}(sigma)] (0 if the grades move by <= eps in s).
// rank_slack: min over the grid and degrees of dim H'_k(r, s) - rank(H_k(r, s - eps) ->
// H_k(r, s + eps)), >= 0 when the modules are eps-interleaved in s.
struct Stability {
  double grade_violation = 0;
  int rank_slack = 0;
  int cells = 0;
};
Stability gamma_perturbation(std::uint64_t seed, double eps);

// Claim 5: held-out accuracy of bifiltration vs 1-parameter Flood features on the "density" and
// "circles" data sets with outliers, one repetition per seed.
struct DensityMargin {
  std::vector<double> bifiltration, one_parameter;  // per (data set, seed)
  double mean_margin = 0, margin_se = 0;
  int examples_per_fit = 0;
};
DensityMargin density_margin(std::uint64_t seed, int seeds);

// Claim 6: for n in `sizes` (a noisy circle with 20% background), a fixed number of landmarks:
// simplices of the Flood complex and median CPU seconds (5 repeats) of the parts: landmarks +
// Delaunay (farthest-point sampling is O(n |L|)), the k-d tree of X (O(n log n)), the sampled
// covering-radius queries over the fixed complex (O(|complex| log n)), and the whole filtration.
struct Scaling {
  std::vector<int> sizes;
  std::vector<long> simplices;
  std::vector<double> landmark_seconds, tree_seconds, query_seconds, total_seconds;
};
Scaling landmark_scaling(std::uint64_t seed, const std::vector<int>& sizes, int landmarks);

// Least-squares slope of log y against log x.
double log_log_slope(const std::vector<int>& x, const std::vector<double>& y);

// The claims of each method, all reproduced: flood_filtration (1), sublevel_flood_bifiltration
// (2-4), flood_bifiltration_features (5, 6).
std::vector<assay::Claim> flood_filtration_claims();
std::vector<assay::Claim> bifiltration_claims();
std::vector<assay::Claim> features_claims();

}  // namespace assay::flood_bifiltration
