// The checkable claims of the method of types (issue 6, checks 1-5, and the rate of the plug-in
// value), measured with the methods' own code on small fixed systems. Each returns what was
// measured, what theory says and the tolerance the statistics or the numerics give; the plugin's
// checks and the unit tests compare them.
#pragma once

#include <Eigen/Core>
#include <cstdint>

#include "experiments.hpp"
#include "finite_mdp.hpp"
#include "pair_ldp.hpp"

namespace assay::mdp_types {

// The two-state kernel [[0.9, 0.1], [0.2, 0.8]] of the issue.
Eigen::MatrixXd two_state_kernel();
// The event P^(1 | 0) >= 0.3 of the issue.
ConditionalEvent issue_event();
// A 2-state, 2-action MDP, rows (s, a) = (0,0), (0,1), (1,0), (1,1); discount 0.9.
FiniteMdp example_mdp();

// measured ~ expected within tolerance (or measured <= expected, >= expected: see each claim).
struct Measurement {
  double measured = 0;
  double expected = 0;
  double tolerance = 0;
};

// Claim 1 (two_state_kernel, issue_event). min over n = 50..800 of -(1/n) log P - J (>= 0).
double min_exact_gap_above_rate();
// The coefficient c of n (-(1/n) log P - J) = c log n + b + O(1/n), extrapolated from the
// doublings 200 -> 400 -> 800; expected 1/2 (a n^{-1/2} prefactor), tolerance the size of the
// last correction.
Measurement log_n_coefficient_of_gap();
// D(Q*||K|q*) against J.
Measurement primal_value_against_rate();
// Monte Carlo (40 000 paths) against the exact P(event) at n = 50, 4 binomial standard errors.
Measurement monte_carlo_against_exact(std::uint64_t seed,
                                      const BlockRunner& run = run_blocks_serially);

// Claim 2. max |Whittle - enumerated count| over |Z| = 2, n <= 14 and |Z| = 3, n <= 8.
double max_whittle_enumeration_error();
// Types whose class size leaves the type bounds (|Z| = 2, n <= 60; |Z| = 3, n <= 12).
std::int64_t types_outside_bounds();
// log #types against log (n+1)^{|Z|^2}, |Z| = 3, n = 12.
Measurement log_type_count();

// Claim 3 (example_mdp, alpha = 0.1, 200 data sets): measured rate, expected 1 - alpha,
// tolerance 3 binomial standard errors (measured must be >= expected - tolerance).
Measurement kl_set_coverage(
    std::uint64_t seed,
    const BlockRunner& run = run_blocks_serially);  // generative, n = 100 per pair
Measurement pessimism_below_truth(
    std::uint64_t seed,
    const BlockRunner& run = run_blocks_serially);  // one trajectory of 400 transitions

// Claim 4. max |dual - brute force| over 100 random 3-outcome KL-ball problems.
double max_dual_brute_force_gap(std::uint64_t seed);

// Claim 5 (two_state_kernel). max e(R) on a grid of [0, H(K)].
double max_exponent_below_entropy_rate();
// e on 60 rates in (H, topological entropy): its first value, smallest first and second
// differences.
struct ExponentShape {
  double first = 0;
  double min_difference = 0;
  double min_second_difference = 0;

  // min(smallest first difference, smallest second difference + 1e-10) when e(R1) > 0 and
  // both pass, -1 otherwise: at least 0 exactly when e is positive, increasing and convex
  // (second differences are computed from values accurate to ~1e-12).
  double margin() const;
};
ExponentShape exponent_shape_above_entropy_rate();
// Slope of the importance-sampled error probabilities at R = 0.55, n = 100..800, against e(R),
// tolerance 3 standard errors of the fitted slope.
Measurement simulated_error_slope(std::uint64_t seed, const BlockRunner& run = run_blocks_serially);

// The plug-in value rate (example_mdp, uniform weights, generative data).
// 2 sigma^2 [I(v + delta) + I(v - delta)] / (2 delta^2) at delta = 0.02 sigma, expected 1;
// tolerance: its change when delta doubles (three times the O(delta^2) error).
Measurement value_rate_curvature();
// min over n = 50..800 of -(1/n) log P(d.V(P^) >= v + 1) - I(v + 1), exact enumeration (>= 0).
double min_value_tail_gap_above_rate();
// The log n coefficient of that gap by Richardson extrapolation (as for claim 1).
Measurement value_tail_log_n_coefficient();
// n = 800: lattice minimum of sum_z D(P^_z||P_z) over the event minus I(v + 1). It lies in
// [0, tol] with tol the first- and second-order cost of rounding the minimiser onto the lattice
// towards the event: expected tol / 2, tolerance tol / 2.
Measurement value_rate_against_lattice_minimum();
// max over x = v - 1, v + 1, v + 2 of |d.V^pi(P*) - x|: the dual's tilted kernel is feasible.
double value_rate_minimiser_residual();
// n Var(d.V(P^)) over 4000 data sets of n = 400 per pair against sigma^2, 3 standard errors.
Measurement plug_in_variance_against_delta_method(std::uint64_t seed,
                                                  const BlockRunner& run = run_blocks_serially);

// The plug-in value from one trajectory (trajectory_value_rate.hpp). The example MDP with the
// deterministic policy "action 0 in both states": its state-action chain is a two-state chain,
// so the exact tail of trajectory_value_tail.hpp applies.
FiniteMdp example_chain_mdp();
// example_mdp: [I(v + delta) + I(v - delta)] sigma^2 / delta^2 at delta = 0.02 sigma with the
// trajectory sigma^2, expected 1; tolerance: its change when delta doubles.
Measurement trajectory_rate_curvature();
// example_mdp: n Var(d.V(P^)) over 4000 stationary trajectories of n = 1000 transitions against
// the trajectory delta-method sigma^2, 3 standard errors.
Measurement trajectory_variance_against_delta_method(std::uint64_t seed,
                                                     const BlockRunner& run = run_blocks_serially);
// example_mdp, x = v - 2, v + 1, v + 2: the largest of |d.V(P*) - x| / max(1, |x|), the
// stationarity defect max |Q*1 - Q*'1| of the pair measure, and |D(Q*||K|q*) - I(x)| with the
// divergence recomputed by conditional_kl on the |Z| x |Z| pair measure.
double trajectory_minimiser_infeasibility();
// example_mdp, x = v + 1: 300 random perturbations of the minimiser's logits (sizes 1e-3, 1e-2,
// 1e-1), each pulled back onto d.V = x by Newton steps along the constraint's gradient. measured:
// the smallest increase of D; expected 0; tolerance: the largest first-order change the
// optimiser's residuals allow, |lambda| |g| + (KKT residual) ||du||_1 over the perturbations.
Measurement trajectory_perturbation_increase(std::uint64_t seed);
// example_chain_mdp, exact tails at n = 100 2^{j/4}, j = 0..20, x = v + offset.
struct TrajectoryTailFit {
  double min_gap = 0;  // min over n of -(1/n) log P - I(x)
  // c of the least-squares fit n gap = c log n + b + e / n, and its standard error (from the
  // residuals, which carry the lattice's oscillation).
  double coefficient = 0;
  double coefficient_se = 0;
};
TrajectoryTailFit trajectory_tail_fit(double offset);
// min over x = v + 1 and v - 1 of the fits' min_gap (>= 0).
double min_trajectory_tail_gap_above_rate();
// The fitted c of the tail (x = v + 1 or v - 1) farther from 1/2 in standard errors; expected
// 1/2, tolerance 3 standard errors.
Measurement trajectory_tail_log_n_coefficient();
// max over the offsets -2, -1, -0.5, 0.5, 1, 2 (example_mdp) of I_trajectory - I_generative.
double trajectory_rate_above_generative();

}  // namespace assay::mdp_types
