#include "claims.hpp"

#include <string>

#include "paper_claims.hpp"

namespace assay::mdp_types {
namespace {

CheckResult near(const Measurement& m, std::string detail) {
  return expect_near(m.measured, m.expected, m.tolerance, std::move(detail));
}

CheckResult at_least_within(const Measurement& m, std::string detail) {
  return expect_at_least(m.measured, m.expected - m.tolerance, std::move(detail));
}

}  // namespace

std::vector<Claim> markov_pair_ldp_claims(const BlockRunner& run) {
  return {
      {"exact_rate_above_limit",
       "The exact -(1/n) log P(P^(1|0) >= 0.3) for K = [[0.9,0.1],[0.2,0.8]] lies above "
       "the LDP rate J for every n in 50..800 (the polynomial prefactor is below 1).",
       [](const CheckContext&) {
         return expect_at_least(min_exact_gap_above_rate(), 0.0, "min over n of exact rate - J");
       }},
      {"gap_shrinks_like_log_n_over_n",
       "The gap -(1/n) log P - J behaves as c log(n)/n with c = 1/2 (a n^{-1/2} "
       "prefactor): c extrapolated (Richardson) from n = 200, 400, 800, tolerance the "
       "size of the last correction.",
       [](const CheckContext&) {
         return near(log_n_coefficient_of_gap(), "c from doublings 200->400->800");
       }},
      {"primal_equals_dual",
       "The tilted kernel's stationary pair measure Q* attains the rate: "
       "D(Q*||K|q*) = J and Q* lies on the event boundary P*(1|0) = 0.3.",
       [](const CheckContext&) { return near(primal_value_against_rate(), "D(Q*||K|q*) vs J"); }},
      {"exact_matches_monte_carlo",
       "The exact dynamic programme agrees with plain Monte Carlo at n = 50 within four "
       "binomial standard errors.",
       [run](const CheckContext& ctx) {
         return near(monte_carlo_against_exact(ctx.seed, run), "MC vs exact P at n = 50");
       }},
  };
}

std::vector<Claim> type_class_sizes_claims() {
  return {
      {"whittle_equals_enumeration",
       "Whittle's formula gives exactly the number of paths in every type class "
       "(brute-force enumeration: |Z| = 2 up to n = 14, |Z| = 3 up to n = 8).",
       [](const CheckContext&) {
         // Counts are below 2^20, so exp(log size) is within 1e-6 of an integer.
         return expect_at_most(max_whittle_enumeration_error(), 1e-6,
                               "max |Whittle - enumeration|");
       }},
      {"class_sizes_within_type_bounds",
       "Every non-empty pair-type class satisfies (n+1)^(-|Z|^2) e^{nH} <= |T| <= e^{nH} "
       "(all types, |Z| = 2 up to n = 60, |Z| = 3 up to n = 12).",
       [](const CheckContext&) {
         return expect_at_most(static_cast<double>(types_outside_bounds()), 0.0,
                               "types outside the bounds");
       }},
      {"type_count_polynomial",
       "The number of pair types of length n is at most (n+1)^{|Z|^2} (|Z| = 3, n = 12).",
       [](const CheckContext&) {
         const auto m = log_type_count();
         return expect_at_most(m.measured, m.expected, "log type count");
       }},
  };
}

std::vector<Claim> kl_pessimism_claims(const BlockRunner& run) {
  return {
      {"coverage_at_least_1_minus_alpha",
       "The KL set with the method-of-types radius contains the true kernel with "
       "probability >= 1 - alpha (alpha = 0.1, n = 100 per pair, 200 data sets; "
       "tolerance 3 binomial standard errors).",
       [run](const CheckContext& ctx) {
         return at_least_within(kl_set_coverage(ctx.seed, run), "coverage");
       }},
      {"pessimistic_below_truth",
       "The pessimistic value is below the true value (at every state) at least "
       "1 - alpha of the time, here from one stationary trajectory of 400 transitions "
       "(alpha = 0.1, 200 data sets, 3 binomial standard errors).",
       [run](const CheckContext& ctx) {
         return at_least_within(pessimism_below_truth(ctx.seed, run), "fraction V_pess <= V");
       }},
      {"dual_equals_brute_force",
       "The one-dimensional dual of min {p.v : D(f||p) <= eps} equals a brute-force "
       "search over the boundary of the KL ball (100 random 3-outcome instances).",
       [](const CheckContext& ctx) {
         // Both sides locate a flat optimum to ~1e-8 of the value scale (|v| <= 5).
         return expect_at_most(max_dual_brute_force_gap(ctx.seed), 1e-6,
                               "max |dual - brute force|");
       }},
  };
}

std::vector<Claim> mdp_value_rate_claims(const BlockRunner& run) {
  return {
      {"tail_above_rate",
       "For the 2-state, 2-action example MDP (gamma = 0.9, uniform d), the exact "
       "-(1/n) log P(d.V(P^) >= v + 1) lies above the contraction rate I(v + 1) for every "
       "n in 50..800.",
       [](const CheckContext&) {
         return expect_at_least(min_value_tail_gap_above_rate(), 0.0,
                                "min over n of exact rate - I");
       }},
      {"tail_gap_shrinks_like_log_n_over_n",
       "The gap -(1/n) log P - I behaves as c log(n)/n with c = 1/2 (Richardson from "
       "n = 200, 400, 800; tolerance the size of the last correction).",
       [](const CheckContext&) {
         return near(value_tail_log_n_coefficient(), "c from doublings 200->400->800");
       }},
      {"rate_equals_lattice_minimum",
       "I(v + 1) equals the brute-force minimum of sum_z D(P^_z||P_z) over the empirical "
       "kernels (n = 800) in the event, from below, within the cost of rounding the "
       "minimiser onto the lattice.",
       [](const CheckContext&) {
         return near(value_rate_against_lattice_minimum(), "lattice minimum - I");
       }},
      {"minimiser_has_the_value",
       "The dual's tilted kernel P* is primal feasible: d.V^pi(P*) = x at x = v - 1, "
       "v + 1, v + 2 (to the inner Brent tolerance, 1e-6 on values near 10).",
       [](const CheckContext&) {
         return expect_at_most(value_rate_minimiser_residual(), 1e-6, "max |d.V(P*) - x|");
       }},
      {"curvature_is_delta_method",
       "Near the true value the rate is quadratic with the delta-method variance: "
       "2 sigma^2 I(v +- delta) / delta^2 -> 1 (delta = 0.02 sigma; tolerance the change "
       "when delta doubles).",
       [](const CheckContext&) { return near(value_rate_curvature(), "2 sigma^2 I / delta^2"); }},
      {"variance_is_delta_method",
       "n Var(d.V(P^)) over 4000 data sets of n = 400 per pair equals the delta-method "
       "sigma^2 within 3 standard errors.",
       [run](const CheckContext& ctx) {
         return near(plug_in_variance_against_delta_method(ctx.seed, run), "n Var vs sigma^2");
       }},
      {"trajectory_curvature_is_delta_method",
       "From one trajectory, the rate is quadratic at the true value with the Markov "
       "delta-method variance sigma^2 = gamma^2 sum w(s)^2 pi(a|s)^2 Var_P(V) / q(s,a): "
       "sigma^2 [I(v + delta) + I(v - delta)] / delta^2 -> 1 (delta = 0.02 sigma; "
       "tolerance the change when delta doubles).",
       [](const CheckContext&) {
         return near(trajectory_rate_curvature(), "sigma^2 (I+ + I-) / delta^2");
       }},
      {"trajectory_variance_is_delta_method",
       "n Var(d.V(P^)) over 4000 stationary trajectories of n = 1000 transitions equals "
       "the trajectory delta-method sigma^2 within 3 standard errors.",
       [run](const CheckContext& ctx) {
         return near(trajectory_variance_against_delta_method(ctx.seed, run), "n Var vs sigma^2");
       }},
      {"trajectory_minimiser_is_feasible",
       "The trajectory minimiser is a stationary pair measure on the constraint: "
       "relative |d.V(P*) - x|, max |Q*1 - Q*'1| and |D(Q*||K|q*) - I| are at most the "
       "optimiser's feasibility tolerance 1e-8 (x = v - 2, v + 1, v + 2).",
       [](const CheckContext&) {
         return expect_at_most(trajectory_minimiser_infeasibility(), 1e-8, "largest infeasibility");
       }},
      {"trajectory_minimiser_is_local_minimum",
       "No random feasible perturbation of the trajectory minimiser (300 draws, logit "
       "scales 1e-3..1e-1, x = v + 1) lowers D(Q||K|q) by more than the first-order "
       "change its KKT and constraint residuals allow.",
       [](const CheckContext& ctx) {
         return at_least_within(trajectory_perturbation_increase(ctx.seed),
                                "min increase of D over perturbations");
       }},
      {"trajectory_tail_above_rate",
       "For the example MDP under the deterministic policy a = 0 (a two-state chain), "
       "the exact -(1/n) log P(d.V(P^) >= v + 1) and -(1/n) log P(d.V(P^) <= v - 1) from "
       "one trajectory lie above I for every n in 100..3200.",
       [](const CheckContext&) {
         return expect_at_least(min_trajectory_tail_gap_above_rate(), 0.0,
                                "min over n and both tails of rate_n - I");
       }},
      {"trajectory_tail_gap_shrinks_like_log_n_over_n",
       "The exact trajectory gap behaves as c log(n)/n with c = 1/2: least-squares fit of "
       "n gap = c log n + b + e/n over 21 lengths 100..3200 (x = v + 1 and v - 1, the one "
       "farther from 1/2 in standard errors), within 3 standard errors.",
       [](const CheckContext&) { return near(trajectory_tail_log_n_coefficient(), "fitted c"); }},
      {"trajectory_rate_at_most_generative",
       "The rate from one trajectory of n transitions is at most the rate from n samples "
       "per pair (any kernel P' is reachable by a trajectory at cost "
       "sum_z q'(z) D(P'_z||P_z) <= sum_z D(P'_z||P_z)); offsets -2..2 of the example MDP.",
       [](const CheckContext&) {
         return expect_at_most(trajectory_rate_above_generative(), 0.0, "max I_traj - I_gen");
       }},
  };
}

std::vector<Claim> markov_coding_exponent_claims(const BlockRunner& run) {
  return {
      {"zero_up_to_entropy_rate",
       "e(R) = 0 for every R up to the entropy rate H(K) (K = [[0.9,0.1],[0.2,0.8]]).",
       [](const CheckContext&) {
         return expect_at_most(max_exponent_below_entropy_rate(), 1e-12, "max e(R) on [0, H]");
       }},
      {"positive_increasing_convex_above",
       "Above H(K), e(R) is positive, strictly increasing and convex (smallest first and "
       "second differences on a grid of 60 rates up to the topological entropy).",
       [](const CheckContext&) {
         const auto shape = exponent_shape_above_entropy_rate();
         return expect_at_least(
             shape.margin(), 0.0,
             "min(first difference, second difference); e(R1) = " + number_text(shape.first));
       }},
      {"simulated_errors_decay_at_exponent",
       "Importance-sampled error probabilities of the type code at R = 0.55 decay in n "
       "with slope e(R): the slope fitted over n = 100..800 (with a log n prefactor "
       "term) is within 3 standard errors of e(R).",
       [run](const CheckContext& ctx) {
         return near(simulated_error_slope(ctx.seed, run), "fitted slope vs e(R)");
       }},
  };
}

}  // namespace assay::mdp_types
