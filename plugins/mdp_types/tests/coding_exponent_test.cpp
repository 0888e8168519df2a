#include "coding_exponent.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "coding_report.hpp"
#include "markov_chain.hpp"

namespace mt = assay::mdp_types;

namespace {
Eigen::MatrixXd two_state() {
  Eigen::MatrixXd k(2, 2);
  k << 0.9, 0.1, 0.2, 0.8;
  return k;
}
}  // namespace

TEST_CASE("the twisted kernel attains e(R) with conditional entropy R", "[mdp_types]") {
  for (double rate : {0.45, 0.55, 0.65}) {
    const auto e = mt::coding_exponent(two_state(), rate);
    REQUIRE(e.exponent > 0);
    REQUIRE(mt::conditional_kl(e.pair, two_state()) == Approx(e.exponent).margin(1e-7));
    REQUIRE(mt::conditional_entropy(e.pair) == Approx(rate).margin(1e-6));
  }
}

TEST_CASE("e(R) equals a brute-force minimum over shift-invariant pair measures", "[mdp_types]") {
  const Eigen::MatrixXd k = two_state();
  const double rate = 0.55;
  double brute = 1e9;
  constexpr int kGrid = 800;
  for (int i = 1; i < kGrid; ++i)
    for (int j = 1; j < kGrid; ++j) {
      const double q0 = static_cast<double>(i) / kGrid, a = static_cast<double>(j) / kGrid;
      const double flow = q0 * a;
      if (flow >= 1 - q0) continue;
      Eigen::MatrixXd q(2, 2);
      q << q0 - flow, flow, flow, 1 - q0 - flow;
      if (mt::conditional_entropy(q) >= rate) brute = std::min(brute, mt::conditional_kl(q, k));
    }
  const double e = mt::coding_exponent(k, rate).exponent;
  REQUIRE(brute >= e - 1e-9);
  REQUIRE(brute <= e + 1e-3);  // grid step 1/800
}

TEST_CASE("e(R) is infinite above the topological entropy", "[mdp_types]") {
  REQUIRE(std::isinf(mt::coding_exponent(two_state(), std::log(2.0) + 1e-6).exponent));
}

TEST_CASE("importance sampling agrees with plain Monte Carlo", "[mdp_types]") {
  const Eigen::MatrixXd k = two_state();
  const double rate = 0.5;
  const auto e = mt::coding_exponent(k, rate);
  const Eigen::VectorXd mu = mt::stationary_distribution(k);
  std::mt19937_64 rng(31);
  const auto is = mt::type_code_error(k, e.twisted_kernel, mu, rate, 80, 20000, rng);
  const auto mc = mt::type_code_error(k, k, mu, rate, 80, 40000, rng);
  REQUIRE(mc.probability > 0);
  REQUIRE(std::abs(is.probability - mc.probability) <=
          4 * std::hypot(is.standard_error, mc.standard_error));
}

TEST_CASE("the coding report simulates errors only at a finite exponent and fits four lengths",
          "[mdp_types]") {
  const Eigen::MatrixXd k = two_state();
  const auto r = mt::coding_report(k, 0.5, {20, 40, 80}, 2000, 4, 1);
  CHECK(r.twisted_kernel.isApprox(r.exponent.twisted_kernel));
  for (std::size_t i = 0; i < 3; ++i) {
    REQUIRE(r.error_probability[i] > 0);
    CHECK(r.normalised_exponent[i] ==
          Approx(-std::log(r.error_probability[i]) / (20 << i)).epsilon(1e-15));
  }
  CHECK(std::isnan(r.fit.slope));  // three lengths: no fit
  CHECK(r.curve_rates == std::vector<double>{0, r.topological_entropy / 4,
                                             r.topological_entropy * 2 / 4,
                                             r.topological_entropy * 3 / 4});
  CHECK(r.curve_exponents[0] == 0);
  const auto beyond = mt::coding_report(k, 0.75, {20, 40, 80, 160}, 2000, 2, 1);
  CHECK(std::isinf(beyond.exponent.exponent));  // above log 2 no path is lost
  CHECK(beyond.twisted_kernel == k);
  for (double p : beyond.error_probability) CHECK(std::isnan(p));
  CHECK(std::isnan(beyond.fit.slope));
}
