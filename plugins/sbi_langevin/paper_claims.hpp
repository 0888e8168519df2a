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
// Grid points (both feasible) where Linhart's total steps exceed Geffner's, own levels each.
int points_where_linhart_needs_more_steps(const std::vector<GridComparison>& grid);
// max over feasible plans of max(w2_exact / w2_bound, w2_bound / epsilon): <= 1 iff
// w2_exact <= w2_bound <= epsilon everywhere.
double worst_bound_ratio(const std::vector<GridComparison>& grid);

}  // namespace assay::sbi_langevin
