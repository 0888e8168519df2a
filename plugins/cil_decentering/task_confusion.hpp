// Task confusion of a linear head on Gaussian classes, exactly and as bounds.
//
// For classes i (task s) and j (task t), the pairwise discriminant z_i - z_j of any linear head
// is Gaussian under class i, with standardized margin M_ij = E[z_i - z_j] / sd(z_i - z_j), so
// P(z_j > z_i | i) = Phi(-M_ij) <= exp(-M_ij^2 / 2) when M_ij > 0. A union bound over the
// classes of other tasks bounds the task confusion of class i.
//
// For the population sequential head the margin has the closed form (whitened units, u_i and
// v_j the within-task offsets, D = mean^(t) - mean^(s), rho^2 a task's mean squared offset)
//   M_ij = (delta^2 / 2 - tau) / delta,  delta = |u_i - v_j|,
//   tau  = -v_j . D - (rho_s^2 - rho_t^2) / 2,
// and with kappa = delta^2 / (2 tau), gamma = (2 tau / delta)^2 this is M = (kappa - 1)
// sqrt(gamma)/2: the pairwise bound exp(-(kappa - 1)^2 gamma / 8) of the paper's abstract. kappa >
// 1 (the cross-class separation delta^2/2 exceeds the inter-task shift tau) is the separation
// condition; kappa < 1 makes the pair's error exceed 1/2 whatever gamma is. These definitions
// of kappa and gamma are our reconstruction from the abstract (the full paper was not at hand).
#pragma once

#include <Eigen/Core>
#include <limits>
#include <random>
#include <vector>

#include "gaussian_tasks.hpp"
#include "linear_head.hpp"

namespace assay::cil_decentering {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

double normal_upper_tail(double z);  // Phi(-z)

// E[z_a - z_b] / sd(z_a - z_b) under class `source`; +-inf when the two logits differ only by
// a constant.
double standardized_margin(const LinearHead& head, const GaussianTasks& population, int source,
                           int a, int b);

// Separation geometry of one ordered cross-task pair (i the true class).
struct PairSeparation {
  int i = 0, j = 0;
  double delta = 0, tau = 0;
  double kappa = kInfinity;  // +inf when tau <= 0 (no adverse shift)
  double gamma = 0;
  double margin = 0;  // (delta^2/2 - tau) / delta
};
std::vector<PairSeparation> sequential_separation(const GaussianTasks& population);

struct SeparationSummary {
  double kappa_min = kInfinity;
  double gamma_at_min = 0;  // gamma of the pair attaining kappa_min
  double margin_min = kInfinity;
};
SeparationSummary summarize(const std::vector<PairSeparation>& pairs);

// Union-Chernoff upper bound: mean_i min(1, sum_{j not in task(i)} exp(-M_ij^2/2) [M_ij > 0]
// or 1 [M_ij <= 0]).
double task_confusion_upper_bound(const LinearHead& head, const GaussianTasks& population);

// Bonferroni lower bound: class i is confused if some j of another task beats every class of
// i's task; P >= 1 - sum_{c in task(i)} P(z_c >= z_j). Averaged over classes.
double task_confusion_lower_bound(const LinearHead& head, const GaussianTasks& population);

// Largest exact pairwise cross-task error P(z_j > z_i | i) over ordered pairs.
double worst_pairwise_error(const LinearHead& head, const GaussianTasks& population);

struct MonteCarloConfusion {
  double confusion = 0;
  double standard_error = 0;
  Eigen::VectorXd per_task;  // confusion of the samples of each task
};
MonteCarloConfusion monte_carlo_task_confusion(const LinearHead& head,
                                               const GaussianTasks& population, int n_per_class,
                                               std::mt19937_64& rng);

}  // namespace assay::cil_decentering
