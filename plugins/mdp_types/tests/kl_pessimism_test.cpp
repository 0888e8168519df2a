#include "kl_pessimism.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "finite_mdp.hpp"
#include "kl_ball.hpp"
#include "paper_claims.hpp"

namespace mt = assay::mdp_types;

TEST_CASE("with zero radii the pessimistic value is the plug-in value", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  Eigen::MatrixXd empirical = mdp.transitions;
  empirical.row(1) << 0.5, 0.5;
  const Eigen::VectorXd zero = Eigen::VectorXd::Constant(4, 1e-14);
  const Eigen::VectorXd pess = mt::pessimistic_value(mdp, empirical, zero);
  REQUIRE((pess - mt::policy_value(mdp, empirical)).lpNorm<Eigen::Infinity>() < 1e-5);
}

TEST_CASE("the policy value solves the Bellman equation", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  const Eigen::VectorXd v = mt::policy_value(mdp, mdp.transitions);
  for (int s = 0; s < 2; ++s) {
    double backup = 0;
    for (int a = 0; a < 2; ++a)
      backup += mdp.policy(s, a) *
                (mdp.rewards(s * 2 + a) + mdp.discount * mdp.transitions.row(s * 2 + a).dot(v));
    REQUIRE(backup == Approx(v(s)).epsilon(1e-12));
  }
}

TEST_CASE("the method-of-types radius bounds the exact KL tail", "[mdp_types]") {
  // One pair, two outcomes: P(D(P^ || P) > eps) summed exactly over the binomial counts.
  const mt::KlDesign design{mt::Sampling::generative, 60, 0.1};
  for (double p : {0.05, 0.3, 0.5}) {
    const double eps = mt::kl_radius(design.n, 2, 1, design);
    double tail = 0;
    for (int c = 0; c <= design.n; ++c) {
      Eigen::VectorXd f(2), truth(2);
      f << c / 60.0, 1 - c / 60.0;
      truth << p, 1 - p;
      const double log_pmf = std::lgamma(61.0) - std::lgamma(c + 1.0) - std::lgamma(61.0 - c) +
                             c * std::log(p) + (60 - c) * std::log(1 - p);
      if (mt::kl_divergence(f, truth) > eps) tail += std::exp(log_pmf);
    }
    REQUIRE(tail <= design.alpha);
  }
}

TEST_CASE("KL sets cover and pessimism holds at least 1 - alpha of the time", "[mdp_types]") {
  const auto mdp = mt::example_mdp();
  std::mt19937_64 rng(21);
  for (auto sampling : {mt::Sampling::generative, mt::Sampling::trajectory}) {
    const mt::KlDesign design{sampling, 150, 0.2};
    constexpr int kReplicates = 100;
    int covered = 0, pessimistic = 0;
    for (int r = 0; r < kReplicates; ++r) {
      const auto rep =
          mt::run_pessimism_replicate(mdp, Eigen::VectorXd::Constant(2, 0.5), design, rng);
      covered += rep.covered;
      pessimistic += rep.pessimistic;
      // Coverage implies pessimism (monotone robust Bellman operator).
      if (rep.covered) REQUIRE(rep.pessimistic);
    }
    const double tolerance = 3 * std::sqrt(0.2 * 0.8 / kReplicates);
    REQUIRE(covered / double(kReplicates) >= 0.8 - tolerance);
    REQUIRE(pessimistic / double(kReplicates) >= 0.8 - tolerance);
  }
}
