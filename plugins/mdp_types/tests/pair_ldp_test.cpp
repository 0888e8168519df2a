#include "pair_ldp.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "event_probability.hpp"
#include "experiments.hpp"
#include "markov_chain.hpp"
#include "paper_claims.hpp"
#include "tail_gap_table.hpp"

namespace mt = assay::mdp_types;

namespace {

Eigen::MatrixXd two_state() {
  Eigen::MatrixXd k(2, 2);
  k << 0.9, 0.1, 0.2, 0.8;
  return k;
}

Eigen::MatrixXd three_state() {
  Eigen::MatrixXd k(3, 3);
  k << 0.5, 0.3, 0.2, 0.1, 0.6, 0.3, 0.4, 0.4, 0.2;
  return k;
}

// P(event at n) by summing over all |Z|^(n+1) paths.
double enumerated_probability(const Eigen::MatrixXd& k, const Eigen::VectorXd& initial,
                              const mt::ConditionalEvent& e, int n) {
  const int m = static_cast<int>(k.rows());
  std::int64_t total = 1;
  for (int t = 0; t <= n; ++t) total *= m;
  double p = 0;
  for (std::int64_t code = 0; code < total; ++code) {
    std::int64_t rest = code;
    int z = static_cast<int>(rest % m);
    rest /= m;
    double prob = initial(z);
    std::int64_t n_row = 0, n_pair = 0;
    for (int t = 0; t < n; ++t) {
      const int w = static_cast<int>(rest % m);
      rest /= m;
      prob *= k(z, w);
      if (z == e.row) ++n_row, n_pair += w == e.col;
      z = w;
    }
    if (e.contains(n_row, n_pair)) p += prob;
  }
  return p;
}

}  // namespace

TEST_CASE("the tilted optimum attains the rate on the event boundary", "[mdp_types]") {
  const mt::ConditionalEvent e{0, 1, 0.3, mt::Tail::at_least};
  const auto r = mt::conditional_event_rate(two_state(), e);
  REQUIRE(r.rate > 0);
  REQUIRE(mt::conditional_kl(r.pair, two_state()) == Approx(r.rate).margin(1e-7));
  const Eigen::MatrixXd conditional = mt::conditional_of(r.pair);
  REQUIRE(conditional(0, 1) == Approx(0.3).margin(1e-6));
  // Q* is shift-invariant: both marginals agree.
  REQUIRE((r.pair.rowwise().sum() - r.pair.colwise().sum().transpose()).norm() < 1e-10);
}

TEST_CASE("the LDP rate equals a brute-force minimum over shift-invariant pair measures",
          "[mdp_types]") {
  // On two states a shift-invariant Q is fixed by q0 and a = Q(1|0): Q(0,1) = Q(1,0).
  const Eigen::MatrixXd k = two_state();
  const mt::ConditionalEvent e{0, 1, 0.3, mt::Tail::at_least};
  double brute = 1e9;
  constexpr int kGrid = 800;
  for (int i = 1; i < kGrid; ++i)
    for (int j = 0; j <= kGrid; ++j) {
      const double q0 = static_cast<double>(i) / kGrid, a = 0.3 + 0.7 * j / kGrid;
      const double flow = q0 * a;
      if (flow > 1 - q0) continue;
      Eigen::MatrixXd q(2, 2);
      q << q0 - flow, flow, flow, 1 - q0 - flow;
      brute = std::min(brute, mt::conditional_kl(q, k));
    }
  const double rate = mt::conditional_event_rate(k, e).rate;
  REQUIRE(brute >= rate - 1e-9);  // the dual is a lower bound on every feasible Q
  REQUIRE(brute <= rate + 1e-4);  // grid step 1/800, D is smooth near the optimum
}

TEST_CASE("a typical event has rate zero", "[mdp_types]") {
  REQUIRE(mt::conditional_event_rate(two_state(), {0, 1, 0.05, mt::Tail::at_least}).rate ==
          Approx(0).margin(1e-12));
  REQUIRE(mt::conditional_event_rate(two_state(), {0, 1, 0.2, mt::Tail::at_most}).rate ==
          Approx(0).margin(1e-12));
}

TEST_CASE("the exact dynamic programme equals path enumeration", "[mdp_types]") {
  const std::vector<int> lengths{1, 5, 9, 11};
  for (const auto& [k, e] :
       {std::pair{two_state(), mt::ConditionalEvent{0, 1, 0.3, mt::Tail::at_least}},
        std::pair{three_state(), mt::ConditionalEvent{2, 1, 0.25, mt::Tail::at_most}}}) {
    const Eigen::VectorXd initial = mt::stationary_distribution(k);
    const auto exact = mt::exact_event_log_probability(k, initial, e, lengths);
    for (std::size_t i = 0; i < lengths.size(); ++i) {
      if (k.rows() == 3 && lengths[i] > 9) continue;  // 3^12 paths: too slow for a unit test
      const double p = enumerated_probability(k, initial, e, lengths[i]);
      REQUIRE(std::exp(exact[i]) == Approx(p).epsilon(1e-12));
    }
  }
}

TEST_CASE("the exact probability agrees with Monte Carlo", "[mdp_types]") {
  const Eigen::MatrixXd k = three_state();
  const mt::ConditionalEvent e{1, 2, 0.45, mt::Tail::at_least};
  const Eigen::VectorXd initial = mt::stationary_distribution(k);
  const double exact = std::exp(mt::exact_event_log_probability(k, initial, e, {60})[0]);
  std::mt19937_64 rng(5);
  constexpr std::int64_t kPaths = 40000;
  const double mc =
      static_cast<double>(mt::count_event_paths(k, initial, e, 60, kPaths, rng)) / kPaths;
  REQUIRE(std::abs(mc - exact) <= 4 * std::sqrt(exact * (1 - exact) / kPaths));
}

TEST_CASE("the exact rate approaches J from above at order log(n)/n", "[mdp_types]") {
  const Eigen::MatrixXd k = two_state();
  const mt::ConditionalEvent e{0, 1, 0.3, mt::Tail::at_least};
  const double j = mt::conditional_event_rate(k, e).rate;
  const std::vector<int> lengths{50, 100, 200, 400};
  const auto lp = mt::exact_event_log_probability(k, mt::stationary_distribution(k), e, lengths);
  double previous_gap = 1e9;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const double gap = -lp[i] / lengths[i] - j;
    REQUIRE(gap > 0);
    REQUIRE(gap < previous_gap);
    // The type bounds allow |Z|^2 log(n+1)/n at most.
    REQUIRE(gap <= 4 * std::log(lengths[i] + 1.0) / lengths[i]);
    previous_gap = gap;
  }
}

TEST_CASE("the tail gap table is -(1/n) log P - J with its n / log n scaling", "[mdp_types]") {
  const std::vector<int> lengths{1, 8, 2};
  const std::vector<double> log_p{std::log(0.5), std::log(1e-3), std::log(0.2)};
  const auto t = mt::tail_gap_table(lengths, log_p, 0.3);
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const double n = lengths[i];
    CHECK(t.exact_rate[i] == Approx(-log_p[i] / n).epsilon(1e-15));
    CHECK(t.gap[i] == Approx(-log_p[i] / n - 0.3).epsilon(1e-14));
  }
  CHECK(std::isnan(t.gap_n_over_log_n[0]));  // log 1 = 0
  CHECK(t.gap_n_over_log_n[1] == Approx((std::log(1e3) / 8 - 0.3) * 8 / std::log(8.0)));
  // The largest n is 8, not the last entry.
  CHECK(t.exact_rate_at_max_n() == Approx(std::log(1e3) / 8));
  CHECK(t.gap_at_max_n() == Approx(std::log(1e3) / 8 - 0.3));
  const auto empty = mt::tail_gap_table({}, {}, 0.3);
  CHECK(std::isnan(empty.exact_rate_at_max_n()));
  CHECK(std::isnan(empty.gap_at_max_n()));
}

TEST_CASE(
    "the pair LDP experiment reports the Monte Carlo rate, the primal value and the "
    "smallest gap",
    "[mdp_types]") {
  const Eigen::MatrixXd k = mt::two_state_kernel();
  const auto r = mt::pair_ldp_experiment(k, mt::stationary_distribution(k), mt::issue_event(),
                                         {40, 20, 80}, 4000, 40, 3);
  REQUIRE(r.mc_rate.size() == 3);
  for (std::size_t i : {0, 1}) {
    const double n = r.finite_n.lengths[i];
    REQUIRE(r.mc_probability[i] > 0);
    CHECK(r.mc_rate[i] == Approx(-std::log(r.mc_probability[i]) / n).epsilon(1e-15));
  }
  CHECK(std::isnan(r.mc_rate[2]));  // 80 > mc_max_length: not simulated
  // Duality: the tilted pair measure attains the rate.
  CHECK(r.primal_value == Approx(r.rate.rate).margin(1e-7));
  CHECK(r.min_gap() == *std::min_element(r.finite_n.gap.begin(), r.finite_n.gap.end()));
  CHECK(r.min_gap() > 0);
}
