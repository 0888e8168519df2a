#include "trajectory_value_rate.hpp"

#include <Eigen/Dense>
#include <boost/math/tools/minima.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "experiments.hpp"
#include "kl_ball.hpp"
#include "markov_chain.hpp"
#include "paper_claims.hpp"
#include "three_state_mdp.hpp"
#include "tilted_pair_chain.hpp"
#include "trajectory_value_tail.hpp"
#include "value_rate.hpp"
#include "value_rate_report.hpp"

namespace mt = assay::mdp_types;

namespace {

const Eigen::VectorXd kUniform2 = Eigen::VectorXd::Constant(2, 0.5);

double value_of(const mt::FiniteMdp& mdp, const Eigen::MatrixXd& transitions,
                const Eigen::VectorXd& d) {
  return d.dot(mt::policy_value(mdp, transitions));
}

// P(d.V(P^) >= x) (or <= x) by summing over all 2^(n+1) paths of the two-state chain of a
// deterministic policy "action 0" (rows 0 and 2 of the transitions).
double path_enumeration_tail(const mt::FiniteMdp& mdp, double x, bool upper, int n) {
  Eigen::Matrix2d k;
  k << mdp.transitions.row(0), mdp.transitions.row(2);
  const Eigen::Vector2d mu = mt::stationary_distribution(k);
  double total = 0;
  for (long path = 0; path < (1L << (n + 1)); ++path) {
    double p = mu((path >> 0) & 1);
    Eigen::Matrix2d counts = Eigen::Matrix2d::Zero();
    for (int t = 0; t < n; ++t) {
      const int from = (path >> t) & 1, to = (path >> (t + 1)) & 1;
      p *= k(from, to);
      counts(from, to) += 1;
    }
    if (counts.row(0).sum() == 0 || counts.row(1).sum() == 0) continue;
    Eigen::MatrixXd empirical = mdp.transitions;
    empirical.row(0) = counts.row(0) / counts.row(0).sum();
    empirical.row(2) = counts.row(1) / counts.row(1).sum();
    const double v = value_of(mdp, empirical, kUniform2);
    if (upper ? v >= x - 1e-12 * x : v <= x + 1e-12 * x) total += p;
  }
  return total;
}

double binary_kl(double p, double q) {
  double d = 0;
  if (p > 0) d += p * std::log(p / q);
  if (p < 1) d += (1 - p) * std::log((1 - p) / (1 - q));
  return d;
}

// For the two-state chain of example_chain_mdp the rate is a one-dimensional problem: for each
// p0 = P'(1|0) the constraint fixes p1 = P'(1|1) (the value is monotone in p1), and the cost is
// mu'(0) D(p0||P(1|0)) + mu'(1) D(p1||P(1|1)) with mu' stationary for (p0, p1). A grid of p0
// (global) refined by Brent.
double chain_rate_by_line_search(const mt::FiniteMdp& mdp, double x) {
  const double a = mdp.transitions(0, 1), b = mdp.transitions(2, 1);
  const auto value = [&](double p0, double p1) {
    Eigen::MatrixXd t = mdp.transitions;
    t.row(0) << 1 - p0, p0;
    t.row(2) << 1 - p1, p1;
    return value_of(mdp, t, kUniform2);
  };
  const auto cost = [&](double p0) {
    // Bisection for p1 in (0, 1); the value falls as p1 grows here (state 1 pays 0).
    double lo = 1e-15, hi = 1 - 1e-15;
    if ((value(p0, lo) - x) * (value(p0, hi) - x) > 0) return 1e300;
    for (int i = 0; i < 200; ++i) {
      const double mid = 0.5 * (lo + hi);
      ((value(p0, mid) - x) * (value(p0, lo) - x) > 0 ? lo : hi) = mid;
    }
    const double p1 = 0.5 * (lo + hi);
    const double mu0 = (1 - p1) / (p0 + 1 - p1);
    return mu0 * binary_kl(p0, a) + (1 - mu0) * binary_kl(p1, b);
  };
  constexpr int kGrid = 4000;
  int best = 1;
  for (int i = 1; i < kGrid; ++i)
    if (cost(static_cast<double>(i) / kGrid) < cost(static_cast<double>(best) / kGrid)) best = i;
  std::uintmax_t iterations = 200;
  return boost::math::tools::brent_find_minima(cost, (best - 1.0) / kGrid, (best + 1.0) / kGrid, 52,
                                               iterations)
      .second;
}

}  // namespace

TEST_CASE("tilted chain divergence equals the conditional KL of its pair measure",
          "[mdp_types][trajectory]") {
  const mt::FiniteMdp mdp = mt::example_mdp();
  const mt::TiltCoordinates coordinates(mdp);
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal(0, 1);
  for (int i = 0; i < 20; ++i) {
    Eigen::VectorXd u(coordinates.size());
    for (Eigen::Index k = 0; k < u.size(); ++k) u(k) = normal(rng);
    const mt::TiltedPairChain chain = coordinates.chain(u);
    const Eigen::MatrixXd q = chain.pair();
    CHECK(q.sum() == Approx(1).margin(1e-12));
    // Shift invariance: both marginals of the pair measure agree.
    CHECK((q.rowwise().sum() - q.colwise().sum().transpose()).lpNorm<Eigen::Infinity>() < 1e-12);
    CHECK(mt::tilted_chain_divergence(mdp, chain) ==
          Approx(mt::conditional_kl(q, mt::pair_kernel(mdp))).margin(1e-12));
    // The coordinates are unique: logits of the chain give the chain back.
    CHECK((coordinates.logits(chain.transitions, chain.policy) - u).norm() < 1e-10);
  }
  CHECK(coordinates.size() == 6);  // 4 rows x 1 free next state + 2 states x 1 free action
}

TEST_CASE("exact trajectory tail equals enumeration of every path", "[mdp_types][trajectory]") {
  const mt::FiniteMdp mdp = mt::example_chain_mdp();
  const double v = value_of(mdp, mdp.transitions, kUniform2);
  for (int n : {2, 5, 12})
    for (double offset : {-1.0, 0.3, 1.0}) {
      const double exact =
          std::exp(mt::exact_trajectory_value_tail(mdp, kUniform2, v + offset, offset > 0, n));
      CHECK(exact == Approx(path_enumeration_tail(mdp, v + offset, offset > 0, n)).epsilon(1e-10));
    }
  CHECK_FALSE(mt::exact_trajectory_tail_feasible(mt::example_mdp()));
}

TEST_CASE("trajectory rate of a two-state chain equals a global line search",
          "[mdp_types][trajectory]") {
  // Here the search is certified: the one-dimensional reduction is solved on a grid.
  const mt::FiniteMdp mdp = mt::example_chain_mdp();
  const double v = value_of(mdp, mdp.transitions, kUniform2);
  for (double offset : {-3.0, -1.0, 0.5, 2.0}) {
    const auto r = mt::trajectory_value_rate(mdp, kUniform2, v + offset);
    INFO("offset " << offset);
    CHECK(r.rate == Approx(chain_rate_by_line_search(mdp, v + offset)).margin(1e-9));
    CHECK(r.starts_agreeing == r.starts);
  }
}

TEST_CASE("trajectory rate is zero at the truth and infinite beyond the reachable values",
          "[mdp_types][trajectory]") {
  const mt::FiniteMdp mdp = mt::example_mdp();
  const double v = value_of(mdp, mdp.transitions, kUniform2);
  CHECK(mt::trajectory_value_rate(mdp, kUniform2, v).rate < 1e-15);
  // Every value vector is at most max r_pi / (1 - gamma) = 14 here, so d.V <= 14 < v + 4.
  CHECK(std::isinf(mt::trajectory_value_rate(mdp, kUniform2, v + 4).rate));
}

TEST_CASE("no random chain beats the trajectory rate at its own value", "[mdp_types][trajectory]") {
  // A 3-state, 2-action MDP: any tilted chain (P', rho) is feasible for x = d.V(P'), so its
  // divergence bounds I(x) from above.
  const mt::FiniteMdp mdp = mt::testing::three_state_mdp();
  const Eigen::VectorXd d = Eigen::VectorXd::Constant(3, 1.0 / 3);
  const mt::TiltCoordinates coordinates(mdp);
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal(0, 0.4);
  for (int i = 0; i < 8; ++i) {
    Eigen::VectorXd u(coordinates.size());
    for (Eigen::Index k = 0; k < u.size(); ++k) u(k) = normal(rng);
    const mt::TiltedPairChain chain = coordinates.chain(u);
    const double x = value_of(mdp, chain.transitions, d);
    const auto r = mt::trajectory_value_rate(mdp, d, x, {2, 9, 1.0});
    CHECK(r.rate <= mt::tilted_chain_divergence(mdp, chain) + 1e-10);
    CHECK(std::abs(r.residual) <= 1e-8 * std::abs(x));
  }
}

TEST_CASE("trajectory delta-method variance: closed form, Monte Carlo, curvature",
          "[mdp_types][trajectory]") {
  const mt::FiniteMdp mdp = mt::example_mdp();
  // The pair visits of the trajectory replace the n draws per pair: each row's term of the
  // generative sigma^2 is divided by q(s,a) < 1, so the trajectory variance is larger.
  CHECK(mt::trajectory_value_variance(mdp, kUniform2) > mt::plug_in_value_variance(mdp, kUniform2));
  const auto variance = mt::trajectory_variance_against_delta_method(17);
  CHECK(std::abs(variance.measured - variance.expected) <= variance.tolerance);
  const auto curvature = mt::trajectory_rate_curvature();
  CHECK(std::abs(curvature.measured - curvature.expected) <= curvature.tolerance);
}

TEST_CASE("trajectory minimiser is feasible and a local minimum", "[mdp_types][trajectory]") {
  CHECK(mt::trajectory_minimiser_infeasibility() <= 1e-8);
  const auto perturbation = mt::trajectory_perturbation_increase(23);
  CHECK(perturbation.measured >= -perturbation.tolerance);
  CHECK(mt::trajectory_rate_above_generative() <= 0);
}

TEST_CASE("trajectory spread discards data sets with an unvisited pair",
          "[mdp_types][trajectory]") {
  // With 3 transitions, some trajectories cannot visit all four pairs.
  const auto spread = mt::trajectory_value_spread(mt::example_mdp(), kUniform2, 3, 200, 1);
  CHECK(spread.discarded == 200);
  const auto long_runs = mt::trajectory_value_spread(mt::example_mdp(), kUniform2, 400, 200, 1);
  CHECK(long_runs.discarded == 0);
}

TEST_CASE("the trajectory value report has exact tails only for a deterministic policy",
          "[mdp_types][trajectory]") {
  mt::ValueRateDesign design;
  design.offset = 1.0;
  design.lengths = {1, 100};
  const mt::TrajectoryRateOptions options;
  const auto chain =
      mt::trajectory_value_report(mt::example_chain_mdp(), kUniform2, design, options);
  CHECK(std::isnan(chain.finite_n.exact_log_probability[0]));  // n = 1: no two-row estimate
  CHECK(chain.finite_n.gap[1] > 0);
  CHECK(chain.minimiser_divergence == Approx(chain.rate.rate).margin(1e-10));
  CHECK(chain.gaussian_rate == Approx(1 / (2 * chain.sigma * chain.sigma)).epsilon(1e-12));
  const auto mixed = mt::trajectory_value_report(mt::example_mdp(), kUniform2, design, options);
  for (double log_p : mixed.finite_n.exact_log_probability) CHECK(std::isnan(log_p));
  CHECK(std::isnan(mixed.finite_n.gap_at_max_n()));
}

TEST_CASE("the trajectory value report refuses a policy that leaves a state transient",
          "[mdp_types][trajectory]") {
  auto mdp = mt::example_chain_mdp();
  mdp.transitions.row(2) << 1, 0;  // state 1 under action 0 returns to 0, which never leaves
  mdp.transitions.row(0) << 1, 0;
  mt::ValueRateDesign design;
  CHECK_THROWS_AS(mt::trajectory_value_report(mdp, kUniform2, design, {0, 1, 1.0}),
                  mt::RateInputError);
}
