// The paper's checkable claims as measurements made with the method's own code. Each returns
// what was measured; the plugin's checks and the unit tests compare it with the claim.
#pragma once

#include <cstdint>
#include <vector>

#include "langevin_tuning.hpp"
#include "mixture_transfer.hpp"

namespace assay::sbi_langevin {

// Claim 1, on random diagonal Gaussian models (d <= 5, 2 <= n <= 20), random theta and t:
// relative errors |s - s_true| / |s_true| against the exact diffused tall-posterior score.
struct ScoreExactness {
  double linhart_max_error = 0;     // over t in [0, 1]
  double geffner_max_error_t0 = 0;  // at t = 0
  double geffner_min_gap = 0;       // min over (model, t in [0.05, 0.95]) of max over theta
};
ScoreExactness measure_score_exactness(std::uint64_t seed);

// Claim 2: max over random models, both scores and t of |J + P|_max / |P|_max, J the central-
// difference Jacobian of CompositeScore and P the closed-form bridging precision.
double bridging_precision_jacobian_error(std::uint64_t seed);

// Claim 3: z-scores of the per-level empirical means, variances and covariances of `chains`
// Monte Carlo chains of the sampler against the exact ULA recursion (d = 3, n = 5, constant
// score errors, both scores), and the Bonferroni limit for a 0.1% family-wise false alarm.
struct MonteCarloAgreement {
  double max_abs_z = 0;
  int comparisons = 0;
  double z_limit = 0;
};
MonteCarloAgreement ula_recursion_vs_monte_carlo(std::uint64_t seed, int chains);

// Claims 4 and 5 on the grid d in {1, 5, 20} x n in {1, 10, 100} x noise/prior variance ratio
// in {0.1, 1, 10} x anisotropy in {1, 4} (d = 1: isotropic only), epsilon = relative_epsilon *
// sqrt(tr posterior covariance), score_error = relative_score_error * epsilon.
struct GridPoint {
  int dim = 1, n_obs = 1;
  double noise_to_prior = 1, anisotropy = 1;
  double epsilon = 0;
};
struct GridComparison {
  GridPoint point;
  bool geffner_feasible = true, linhart_feasible = true;
  TuningPlan geffner, linhart;  // each with its own number of levels (warm-start rule)
  TuningPlan geffner_common, linhart_common;  // on a common grid of `common_levels` levels
};
std::vector<GridComparison> compare_scores_on_grid(double relative_epsilon,
                                                   double relative_score_error, int common_levels,
                                                   std::uint64_t seed);

// min over grid points and levels of h_linhart / h_geffner on the common level grid.
double min_step_ratio(const std::vector<GridComparison>& grid);

// Total steps K_linhart / K_geffner over the grid points where both plans exist, each score with
// its own warm-start levels; the claim is max_ratio <= 1.
struct TotalStepsComparison {
  double max_ratio = 0;
  int points_compared = 0;
  std::vector<GridPoint> linhart_needs_more;  // the points with K_linhart > K_geffner
};
TotalStepsComparison compare_total_steps(const std::vector<GridComparison>& grid);

// max over feasible plans of max(w2_exact / w2_bound, w2_bound / epsilon): <= 1 iff
// w2_exact <= w2_bound <= epsilon everywhere.
double worst_bound_ratio(const std::vector<GridComparison>& grid);
// Claim 5 as checked: worst_bound_ratio over the grid with exact scores and with per-score
// errors of 0.02 epsilon (epsilon = 0.1 sqrt(tr posterior covariance), 20 common levels).
double worst_bound_ratio_with_and_without_score_errors(std::uint64_t seed);

// Claim 6: the Gaussian-derived tuning run on the default mixture problem (d 2, n 10, 3
// components, epsilon 0.2) with each score; the claim is worst_excess <= epsilon, where the
// excess is sqrt(d) SW2(samples, exact draws) minus the Monte Carlo floor.
struct MixtureTransferClaim {
  MixtureTransferResult geffner, linhart;
  double epsilon = 0;
  double worst_excess = 0;
};
MixtureTransferClaim measure_mixture_transfer(std::uint64_t seed);

}  // namespace assay::sbi_langevin
