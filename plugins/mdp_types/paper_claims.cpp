#include "paper_claims.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <utility>

#include "coding_exponent.hpp"
#include "experiments.hpp"
#include "kl_ball.hpp"
#include "markov_chain.hpp"
#include "quasi_newton.hpp"
#include "tilted_pair_chain.hpp"
#include "trajectory_value_rate.hpp"
#include "trajectory_value_tail.hpp"
#include "value_rate.hpp"
#include "value_tail.hpp"

namespace assay::mdp_types {

Eigen::MatrixXd two_state_kernel() {
  Eigen::MatrixXd k(2, 2);
  k << 0.9, 0.1, 0.2, 0.8;
  return k;
}

ConditionalEvent issue_event() { return {0, 1, 0.3, Tail::at_least}; }

FiniteMdp example_mdp() {
  FiniteMdp mdp;
  mdp.transitions.resize(4, 2);
  mdp.transitions << 0.8, 0.2, 0.3, 0.7, 0.6, 0.4, 0.1, 0.9;
  mdp.rewards.resize(4);
  mdp.rewards << 1, 0, 0, 2;
  mdp.policy.resize(2, 2);
  mdp.policy << 0.5, 0.5, 0.3, 0.7;
  mdp.discount = 0.9;
  return mdp;
}

namespace {

// n gap(n) = c log n + b + O(1/n): c from the slopes over two doublings n0 -> 2 n0 -> 4 n0,
// extrapolated (the O(1/n) term halves per doubling); the tolerance is the last correction.
Measurement richardson_log_coefficient(const std::vector<int>& lengths,
                                       const std::vector<double>& gaps) {
  const auto scaled = [&](std::size_t i) { return lengths[i] * gaps[i]; };
  const double s1 = (scaled(1) - scaled(0)) / std::log(2.0);
  const double s2 = (scaled(2) - scaled(1)) / std::log(2.0);
  return {2 * s2 - s1, 0.5, std::abs(s2 - s1)};
}

std::vector<double> pair_ldp_gaps(const std::vector<int>& lengths) {
  const Eigen::MatrixXd k = two_state_kernel();
  const auto r =
      pair_ldp_experiment(k, stationary_distribution(k), issue_event(), lengths, 0, 0, 0);
  return r.finite_n.gap;
}

// One-sided binomial tolerance: a rate p estimated from r replicates, 3 standard errors.
double rate_tolerance(double p, int replicates) { return 3 * std::sqrt(p * (1 - p) / replicates); }

Eigen::VectorXd uniform_weights() { return Eigen::VectorXd::Constant(2, 0.5); }

double example_value() {
  const FiniteMdp mdp = example_mdp();
  return uniform_weights().dot(policy_value(mdp, mdp.transitions));
}

std::vector<double> value_tail_gaps(const std::vector<int>& lengths) {
  const FiniteMdp mdp = example_mdp();
  const double x = example_value() + 1;
  const double rate = plug_in_value_rate(mdp, uniform_weights(), x).rate;
  std::vector<double> gaps;
  for (int n : lengths)
    gaps.push_back(-exact_value_tail(mdp, uniform_weights(), x, true, n).log_probability / n -
                   rate);
  return gaps;
}

}  // namespace

// ---------------------------------------------------------------- claim 1

double min_exact_gap_above_rate() {
  const auto gaps = pair_ldp_gaps({50, 100, 200, 400, 800});
  return *std::min_element(gaps.begin(), gaps.end());
}

Measurement log_n_coefficient_of_gap() {
  const std::vector<int> lengths{200, 400, 800};
  return richardson_log_coefficient(lengths, pair_ldp_gaps(lengths));
}

Measurement primal_value_against_rate() {
  const auto r = conditional_event_rate(two_state_kernel(), issue_event());
  // Brent locates lambda to ~1e-8; D is flat at the optimum, so 1e-7 is ample.
  return {conditional_kl(r.pair, two_state_kernel()), r.rate, 1e-7};
}

Measurement monte_carlo_against_exact(std::uint64_t seed, const BlockRunner& run) {
  const Eigen::MatrixXd k = two_state_kernel();
  constexpr int kPaths = 40000;
  const auto r = pair_ldp_experiment(k, stationary_distribution(k), issue_event(), {50}, kPaths, 50,
                                     seed, run);
  const double exact = std::exp(r.finite_n.exact_log_probability[0]);
  return {r.mc_probability[0], exact, 4 * std::sqrt(exact * (1 - exact) / kPaths)};
}

// ---------------------------------------------------------------- claim 2

double max_whittle_enumeration_error() {
  double worst = 0;
  for (const auto& [m, n_max] : {std::pair{2, 14}, std::pair{3, 8}})
    for (int n = 1; n <= n_max; ++n)
      for (int start = 0; start < m; ++start)
        worst = std::max(worst, type_class_summary(m, n, start, 1e8).max_enumeration_error);
  return worst;
}

std::int64_t types_outside_bounds() {
  std::int64_t outside = 0;
  for (const auto& [m, n_max] : {std::pair{2, 60}, std::pair{3, 12}})
    for (int n = 1; n <= n_max; ++n) outside += type_class_summary(m, n, 0, 1).outside_bounds;
  return outside;
}

Measurement log_type_count() {
  const auto s = type_class_summary(3, 12, 0, 1);
  return {std::log(static_cast<double>(s.rows.size())), 9 * std::log(13.0), 0};
}

// ---------------------------------------------------------------- claims 3 and 4

Measurement kl_set_coverage(std::uint64_t seed, const BlockRunner& run) {
  const auto s =
      pessimism_experiment(example_mdp(), uniform_weights(), {Sampling::generative, 100, 0.1}, 200,
                           mix_seed(seed, 1), run);
  return {s.coverage, 0.9, rate_tolerance(0.9, 200)};
}

Measurement pessimism_below_truth(std::uint64_t seed, const BlockRunner& run) {
  const auto s =
      pessimism_experiment(example_mdp(), uniform_weights(), {Sampling::trajectory, 400, 0.1}, 200,
                           mix_seed(seed, 2), run);
  return {s.pessimism_rate, 0.9, rate_tolerance(0.9, 200)};
}

double max_dual_brute_force_gap(std::uint64_t seed) {
  std::mt19937_64 rng(mix_seed(seed, 3));
  std::uniform_real_distribution<double> u(0, 1);
  double worst = 0;
  for (int i = 0; i < 100; ++i) {
    Eigen::VectorXd f(3), v(3);
    for (int j = 0; j < 3; ++j) f(j) = u(rng), v(j) = 10 * u(rng) - 5;
    if (i % 4 == 0) f(i % 3) = 0;  // an unobserved outcome
    f /= f.sum();
    const double radius = 0.005 + 0.5 * u(rng);
    worst = std::max(worst, std::abs(kl_ball_minimum(f, v, radius).value -
                                     kl_ball_minimum_brute_force(f, v, radius, 720)));
  }
  return worst;
}

// ---------------------------------------------------------------- claim 5

double max_exponent_below_entropy_rate() {
  const Eigen::MatrixXd k = two_state_kernel();
  const double h = entropy_rate(k);
  double worst = 0;
  for (int i = 0; i <= 50; ++i) worst = std::max(worst, coding_exponent(k, h * i / 50).exponent);
  return worst;
}

ExponentShape exponent_shape_above_entropy_rate() {
  const Eigen::MatrixXd k = two_state_kernel();
  const double h = entropy_rate(k), top = topological_entropy(k);
  std::vector<double> e;
  for (int i = 1; i <= 60; ++i) e.push_back(coding_exponent(k, h + (top - h) * i / 61.0).exponent);
  ExponentShape out{e.front(), std::numeric_limits<double>::infinity(),
                    std::numeric_limits<double>::infinity()};
  for (std::size_t i = 1; i < e.size(); ++i)
    out.min_difference = std::min(out.min_difference, e[i] - e[i - 1]);
  for (std::size_t i = 2; i < e.size(); ++i)
    out.min_second_difference = std::min(out.min_second_difference, e[i] - 2 * e[i - 1] + e[i - 2]);
  return out;
}

double ExponentShape::margin() const {
  const bool ok = first > 0 && min_difference > 0 && min_second_difference > -1e-10;
  return ok ? std::min(min_difference, min_second_difference + 1e-10) : -1;
}

Measurement simulated_error_slope(std::uint64_t seed, const BlockRunner& run) {
  const Eigen::MatrixXd k = two_state_kernel();
  const auto e = coding_exponent(k, 0.55);
  const std::vector<int> lengths{100, 200, 400, 800};
  const auto fit = fit_exponential_decay(
      lengths, coding_error_experiment(k, e, 0.55, lengths, 10000, mix_seed(seed, 4), run));
  return {fit.slope, e.exponent, 3 * fit.slope_se};
}

// ---------------------------------------------------------------- plug-in value rate

namespace {

// sigma^2 [I(v + delta) + I(v - delta)] / delta^2 at delta = 0.02 sigma, which tends to 1 when
// the rate is quadratic with variance sigma^2; the tolerance is its change when delta doubles.
template <class Rate>
Measurement curvature_against_variance(const Rate& rate, double v, double variance) {
  const auto ratio = [&](double delta) {
    return variance * (rate(v + delta) + rate(v - delta)) / (delta * delta);
  };
  const double delta = 0.02 * std::sqrt(variance);
  const double near = ratio(delta), far = ratio(2 * delta);
  return {near, 1.0, std::max(std::abs(far - near), 1e-6)};
}

// n Var(d.V(P^)) from a Monte Carlo spread against the delta method's sigma^2, within 3 of the
// spread's standard errors.
Measurement scaled_variance_against(const ValueSpread& spread, int n, double variance) {
  return {n * spread.variance, variance, 3 * n * spread.variance_se};
}

}  // namespace

Measurement value_rate_curvature() {
  const FiniteMdp mdp = example_mdp();
  const auto rate = [&](double x) { return plug_in_value_rate(mdp, uniform_weights(), x).rate; };
  return curvature_against_variance(rate, example_value(),
                                    plug_in_value_variance(mdp, uniform_weights()));
}

double min_value_tail_gap_above_rate() {
  const auto gaps = value_tail_gaps({50, 100, 200, 400, 800});
  return *std::min_element(gaps.begin(), gaps.end());
}

Measurement value_tail_log_n_coefficient() {
  const std::vector<int> lengths{200, 400, 800};
  return richardson_log_coefficient(lengths, value_tail_gaps(lengths));
}

Measurement value_rate_against_lattice_minimum() {
  const FiniteMdp mdp = example_mdp();
  const double x = example_value() + 1;
  constexpr int kN = 800;
  const ValueRate r = plug_in_value_rate(mdp, uniform_weights(), x);
  const double lattice = exact_value_tail(mdp, uniform_weights(), x, true, kN).lattice_rate;
  // The value increases in every P'(1|s,a) here (r_pi(1) > r_pi(0)), so rounding each row of
  // P* up to the lattice stays in the event; it costs at most |dD/dp| / n + D'' / (2 n^2) per
  // row, D'' = 1 / (p (1 - p)) at the worse end of the rounding interval.
  double tolerance = 0;
  for (int z = 0; z < mdp.pairs(); ++z) {
    const double p = r.transitions(z, 1), p0 = mdp.transitions(z, 1);
    const double slope = std::log(p * (1 - p0) / ((1 - p) * p0));
    const double up = std::min(p + 1.0 / kN, 1 - 0.5 / kN);
    const double curvature = std::max(1 / (p * (1 - p)), 1 / (up * (1 - up)));
    tolerance += std::abs(slope) / kN + curvature / (2.0 * kN * kN);
  }
  return {lattice - r.rate, tolerance / 2, tolerance / 2};
}

double value_rate_minimiser_residual() {
  const FiniteMdp mdp = example_mdp();
  double worst = 0;
  for (double offset : {-1.0, 1.0, 2.0}) {
    const double x = example_value() + offset;
    const ValueRate r = plug_in_value_rate(mdp, uniform_weights(), x);
    worst = std::max(worst, std::abs(uniform_weights().dot(policy_value(mdp, r.transitions)) - x));
  }
  return worst;
}

Measurement plug_in_variance_against_delta_method(std::uint64_t seed, const BlockRunner& run) {
  constexpr int kN = 400;
  const FiniteMdp mdp = example_mdp();
  const auto spread =
      plug_in_value_spread(mdp, uniform_weights(), kN, 4000, mix_seed(seed, 5), run);
  return scaled_variance_against(spread, kN, plug_in_value_variance(mdp, uniform_weights()));
}

// ---------------------------------------------------------------- trajectory value rate

FiniteMdp example_chain_mdp() {
  FiniteMdp mdp = example_mdp();
  mdp.policy << 1, 0, 1, 0;
  return mdp;
}

Measurement trajectory_rate_curvature() {
  const FiniteMdp mdp = example_mdp();
  const auto rate = [&](double x) { return trajectory_value_rate(mdp, uniform_weights(), x).rate; };
  return curvature_against_variance(rate, example_value(),
                                    trajectory_value_variance(mdp, uniform_weights()));
}

Measurement trajectory_variance_against_delta_method(std::uint64_t seed, const BlockRunner& run) {
  constexpr int kN = 1000;
  const FiniteMdp mdp = example_mdp();
  const auto spread =
      trajectory_value_spread(mdp, uniform_weights(), kN, 4000, mix_seed(seed, 6), run);
  return scaled_variance_against(spread, kN, trajectory_value_variance(mdp, uniform_weights()));
}

double trajectory_minimiser_infeasibility() {
  const FiniteMdp mdp = example_mdp();
  const Eigen::MatrixXd kernel = pair_kernel(mdp);
  double worst = 0;
  for (double offset : {-2.0, 1.0, 2.0}) {
    const double x = example_value() + offset;
    const auto r = trajectory_value_rate(mdp, uniform_weights(), x);
    const Eigen::MatrixXd q = r.chain.pair();
    const double value = uniform_weights().dot(policy_value(mdp, r.chain.transitions));
    const double stationarity =
        (q.rowwise().sum() - q.colwise().sum().transpose()).lpNorm<Eigen::Infinity>();
    worst = std::max({worst, std::abs(value - x) / std::max(1.0, std::abs(x)), stationarity,
                      std::abs(conditional_kl(q, kernel) - r.rate)});
  }
  return worst;
}

Measurement trajectory_perturbation_increase(std::uint64_t seed) {
  const FiniteMdp mdp = example_mdp();
  const Eigen::VectorXd d = uniform_weights();
  const double x = example_value() + 1;
  const auto best = trajectory_value_rate(mdp, d, x);
  const TiltCoordinates coordinates(mdp);
  const Eigen::VectorXd u_best = coordinates.logits(best.chain.transitions, best.chain.policy);
  const auto constraint = [&](const Eigen::VectorXd& u) {
    return d.dot(policy_value(mdp, coordinates.chain(u).transitions)) - x;
  };
  const auto divergence = [&](const Eigen::VectorXd& u) {
    return tilted_chain_divergence(mdp, coordinates.chain(u));
  };
  std::mt19937_64 rng(mix_seed(seed, 7));
  std::normal_distribution<double> normal(0, 1);
  Measurement out{std::numeric_limits<double>::infinity(), 0, 0};
  for (int i = 0; i < 300; ++i) {
    const double size = i < 100 ? 1e-3 : i < 200 ? 1e-2 : 1e-1;
    Eigen::VectorXd u = u_best;
    for (Eigen::Index k = 0; k < u.size(); ++k) u(k) += size * normal(rng);
    for (int newton = 0; newton < 20 && std::abs(constraint(u)) > 1e-13 * std::abs(x); ++newton) {
      const Eigen::VectorXd g = numerical_gradient(constraint, u);
      u -= constraint(u) / g.squaredNorm() * g;
    }
    out.measured = std::min(out.measured, divergence(u) - best.rate);
    out.tolerance = std::max(out.tolerance, std::abs(best.multiplier) * (std::abs(best.residual) +
                                                                         std::abs(constraint(u))) +
                                                best.kkt_residual * (u - u_best).lpNorm<1>());
  }
  return out;
}

TrajectoryTailFit trajectory_tail_fit(double offset) {
  const FiniteMdp mdp = example_chain_mdp();
  const double x = uniform_weights().dot(policy_value(mdp, mdp.transitions)) + offset;
  const double rate = trajectory_value_rate(mdp, uniform_weights(), x).rate;
  constexpr int kPoints = 21;
  Eigen::MatrixXd design(kPoints, 3);
  Eigen::VectorXd scaled_gap(kPoints);
  TrajectoryTailFit out{std::numeric_limits<double>::infinity(), 0, 0};
  for (int j = 0; j < kPoints; ++j) {
    const int n = static_cast<int>(std::lround(100 * std::pow(2.0, j / 4.0)));
    const double gap =
        -exact_trajectory_value_tail(mdp, uniform_weights(), x, offset > 0, n) / n - rate;
    out.min_gap = std::min(out.min_gap, gap);
    design.row(j) << std::log(n), 1, 1.0 / n;
    scaled_gap(j) = n * gap;
  }
  const Eigen::MatrixXd normal = design.transpose() * design;
  const Eigen::VectorXd beta = normal.ldlt().solve(design.transpose() * scaled_gap);
  const double residual_variance = (scaled_gap - design * beta).squaredNorm() / (kPoints - 3);
  out.coefficient = beta(0);
  out.coefficient_se = std::sqrt(residual_variance * normal.inverse()(0, 0));
  return out;
}

double min_trajectory_tail_gap_above_rate() {
  return std::min(trajectory_tail_fit(1.0).min_gap, trajectory_tail_fit(-1.0).min_gap);
}

Measurement trajectory_tail_log_n_coefficient() {
  const auto upper = trajectory_tail_fit(1.0), lower = trajectory_tail_fit(-1.0);
  const auto z = [](const TrajectoryTailFit& f) {
    return std::abs(f.coefficient - 0.5) / f.coefficient_se;
  };
  const auto& worst = z(upper) > z(lower) ? upper : lower;
  return {worst.coefficient, 0.5, 3 * worst.coefficient_se};
}

double trajectory_rate_above_generative() {
  const FiniteMdp mdp = example_mdp();
  double worst = -std::numeric_limits<double>::infinity();
  for (double offset : {-2.0, -1.0, -0.5, 0.5, 1.0, 2.0}) {
    const double x = example_value() + offset;
    worst = std::max(worst, trajectory_value_rate(mdp, uniform_weights(), x).rate -
                                plug_in_value_rate(mdp, uniform_weights(), x).rate);
  }
  return worst;
}

}  // namespace assay::mdp_types
