#include "value_rate.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "experiments.hpp"
#include "finite_mdp.hpp"
#include "paper_claims.hpp"
#include "three_state_mdp.hpp"
#include "value_rate_report.hpp"
#include "value_tail.hpp"

namespace mt = assay::mdp_types;

namespace {

const Eigen::VectorXd kUniform2 = Eigen::VectorXd::Constant(2, 0.5);

// A random kernel on the same support as `mdp`: each row Dirichlet(1)-like, mixed with P.
Eigen::MatrixXd random_kernel(const mt::FiniteMdp& mdp, std::mt19937_64& rng, double mix) {
  std::exponential_distribution<double> e(1.0);
  Eigen::MatrixXd p = mdp.transitions;
  for (Eigen::Index z = 0; z < p.rows(); ++z) {
    Eigen::RowVectorXd row(p.cols());
    for (Eigen::Index j = 0; j < p.cols(); ++j) row(j) = e(rng);
    p.row(z) = (1 - mix) * mdp.transitions.row(z) + mix * row / row.sum();
  }
  return p;
}

// P(d.V(P^) >= x) by summing over every count vector of the four binomial rows.
double brute_force_upper_tail(const mt::FiniteMdp& mdp, double x, int n) {
  const auto pmf = [&](int z, int k) {
    const double p = mdp.transitions(z, 1);
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0) +
                    k * std::log(p) + (n - k) * std::log1p(-p));
  };
  double total = 0;
  Eigen::MatrixXd empirical(4, 2);
  for (int k0 = 0; k0 <= n; ++k0)
    for (int k1 = 0; k1 <= n; ++k1)
      for (int k2 = 0; k2 <= n; ++k2)
        for (int k3 = 0; k3 <= n; ++k3) {
          const int k[4] = {k0, k1, k2, k3};
          double prob = 1;
          for (int z = 0; z < 4; ++z) {
            empirical(z, 1) = static_cast<double>(k[z]) / n;
            empirical(z, 0) = 1 - empirical(z, 1);
            prob *= pmf(z, k[z]);
          }
          if (kUniform2.dot(mt::policy_value(mdp, empirical)) >= x - 1e-12) total += prob;
        }
  return total;
}

}  // namespace

TEST_CASE("the value rate vanishes at the true value and grows on both sides", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  const double v = kUniform2.dot(mt::policy_value(mdp, mdp.transitions));
  CHECK(mt::plug_in_value_rate(mdp, kUniform2, v).rate < 1e-12);
  double previous = 0;
  for (double offset : {0.25, 0.5, 1.0, 2.0}) {
    const double up = mt::plug_in_value_rate(mdp, kUniform2, v + offset).rate;
    CHECK(up > previous);
    previous = up;
  }
  CHECK(mt::plug_in_value_rate(mdp, kUniform2, v - 1).rate > 0);
}

TEST_CASE("a value no kernel on the support reaches has an infinite rate", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  // The largest value: always in state 1 (r_pi = 1.4), and from state 0 straight there:
  // V(1) = 14, V(0) = 0.5 + 0.9 * 14, d.V = 13.55.
  CHECK(std::isinf(mt::plug_in_value_rate(mdp, kUniform2, 13.6).rate));
  CHECK(std::isfinite(mt::plug_in_value_rate(mdp, kUniform2, 13.5).rate));
}

TEST_CASE("the tilted kernel has the target value and costs the rate", "[mdp_types]") {
  const auto mdp = mt::testing::three_state_mdp();
  const Eigen::VectorXd d = Eigen::Vector3d(0.5, 0.3, 0.2);
  const double v = d.dot(mt::policy_value(mdp, mdp.transitions));
  for (double offset : {-0.5, 0.3, 0.8}) {
    const auto r = mt::plug_in_value_rate(mdp, d, v + offset);
    REQUIRE(std::isfinite(r.rate));
    CHECK(d.dot(mt::policy_value(mdp, r.transitions)) == Approx(v + offset).margin(1e-6));
    CHECK((mt::policy_value(mdp, r.transitions) - r.values).cwiseAbs().maxCoeff() < 1e-6);
    CHECK(mt::kernel_divergence(mdp, r.transitions) == Approx(r.rate).margin(1e-9));
  }
}

TEST_CASE("no random kernel with a given value costs less than the rate", "[mdp_types]") {
  // I(x) is the infimum over the level set, so every kernel P' on it has sum D >= I(d.V(P')).
  // 3 states: the outer search is local, so this is the test of its global reach.
  const auto mdp = mt::testing::three_state_mdp();
  const Eigen::VectorXd d = Eigen::Vector3d(0.5, 0.3, 0.2);
  std::mt19937_64 rng(17);
  double worst = -1;
  for (int i = 0; i < 60; ++i) {
    const Eigen::MatrixXd p = random_kernel(mdp, rng, 0.05 + 0.5 * (i % 4) / 3.0);
    const double x = d.dot(mt::policy_value(mdp, p));
    worst = std::max(worst, mt::plug_in_value_rate(mdp, d, x).rate - mt::kernel_divergence(mdp, p));
  }
  CHECK(worst <= 1e-8);
}

TEST_CASE("the rate's curvature at the truth is one over the delta-method variance",
          "[mdp_types]") {
  const auto m = mt::value_rate_curvature();
  CHECK(std::abs(m.measured - m.expected) <= m.tolerance);
  CHECK(m.tolerance < 1e-3);
}

TEST_CASE("the exact value tail equals brute-force enumeration", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  const double v = kUniform2.dot(mt::policy_value(mdp, mdp.transitions));
  for (int n : {3, 8}) {
    for (double offset : {-0.7, 0.4, 1.0}) {
      const double exact = brute_force_upper_tail(mdp, v + offset, n);
      const auto tail = mt::exact_value_tail(mdp, kUniform2, v + offset, true, n);
      CHECK(std::exp(tail.log_probability) == Approx(exact).epsilon(1e-10));
    }
  }
}

TEST_CASE("lower and upper value tails are complementary", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  const double v = kUniform2.dot(mt::policy_value(mdp, mdp.transitions));
  // x off the lattice of values, so that no data set has value exactly x.
  const double x = v + 0.123456;
  const auto up = mt::exact_value_tail(mdp, kUniform2, x, true, 30);
  const auto down = mt::exact_value_tail(mdp, kUniform2, x, false, 30);
  CHECK(std::exp(up.log_probability) + std::exp(down.log_probability) ==
        Approx(1.0).epsilon(1e-12));
}

TEST_CASE("the lattice minimum is never below the rate and approaches it", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  const double x = kUniform2.dot(mt::policy_value(mdp, mdp.transitions)) + 1;
  const double rate = mt::plug_in_value_rate(mdp, kUniform2, x).rate;
  double previous = 1;
  for (int n : {25, 100, 400}) {
    const double lattice = mt::exact_value_tail(mdp, kUniform2, x, true, n).lattice_rate;
    CHECK(lattice >= rate - 1e-12);
    CHECK(lattice - rate < previous);
    previous = lattice - rate;
  }
  const auto m = mt::value_rate_against_lattice_minimum();
  CHECK(std::abs(m.measured - m.expected) <= m.tolerance);
}

TEST_CASE("the plug-in value's Monte Carlo variance matches the delta method", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  constexpr int kN = 200;
  const auto spread = mt::plug_in_value_spread(mdp, kUniform2, kN, 3000, 5);
  const double sigma2 = mt::plug_in_value_variance(mdp, kUniform2);
  CHECK(std::abs(kN * spread.variance - sigma2) <= 3 * kN * spread.variance_se);
  // The plug-in value is biased by O(1/n) only: mean within 3 standard errors + 1/n scale.
  const double v = kUniform2.dot(mt::policy_value(mdp, mdp.transitions));
  CHECK(std::abs(spread.mean - v) <= 3 * std::sqrt(spread.variance / 3000) + 10.0 / kN);
}

TEST_CASE("the generative value report tabulates the rate it reports at the target",
          "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  mt::ValueRateDesign design;
  design.offset = 0.5;
  design.curve_offsets = {0.0, 0.5};
  design.lengths = {1, 40};
  design.mc_replicates = 1;
  int polls = 0;
  std::vector<double> progress;
  const auto r = mt::generative_value_report(
      mdp, kUniform2, design,
      {mt::run_blocks_serially, [&] { ++polls; }, [&](double f) { progress.push_back(f); }});
  CHECK(polls == 4);  // once per curve offset and per length
  CHECK(progress == std::vector<double>{0.1, 0.4, 0.7});
  CHECK(r.target_value == r.true_value + 0.5);
  // The curve at the target offset is the same computation as the reported rate.
  CHECK(r.curve.rates[1] == r.rate.rate);
  CHECK(r.curve.rates[0] < 1e-12);
  CHECK(r.gaussian_rate == Approx(0.25 / (2 * r.sigma * r.sigma)).epsilon(1e-14));
  CHECK(r.minimiser_value == Approx(r.target_value).margin(1e-6));
  CHECK(r.minimiser_divergence == Approx(r.rate.rate).margin(1e-9));
  // Exact tails (two states): above the rate, and the lattice minimum never below it.
  REQUIRE(r.finite_n.gap.size() == 2);
  for (double g : r.finite_n.gap) CHECK(g > 0);
  for (double l : r.lattice_rate) CHECK(l >= r.rate.rate - 1e-12);
  CHECK(std::isnan(r.spread.sd));  // one data set has no spread
}
