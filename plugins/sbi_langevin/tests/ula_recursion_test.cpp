#include "ula_recursion.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>

#include "annealed_langevin.hpp"
#include "paper_claims.hpp"
#include "test_models.hpp"

using namespace assay::sbi_langevin;

TEST_CASE("K-step ULA law equals K single steps of the moment recursion", "[sbi_langevin]") {
  const BridgingGaussian target{Eigen::Vector2d(1.0, -2.0), Eigen::Vector2d(2.0, 0.5)};
  DiagonalGaussian law{Eigen::Vector2d(0.0, 0.0), Eigen::Vector2d(1.0, 3.0)};
  const double h = 0.3;
  const auto jumped = ula_law_after(law, target, h, 7);
  for (int k = 0; k < 7; ++k) {
    const Eigen::ArrayXd a = 1.0 - h * target.precision.array();
    law.mean = (target.mean.array() + a * (law.mean - target.mean).array()).matrix();
    law.var = (a.square() * law.var.array() + 2.0 * h).matrix();
  }
  CHECK((jumped.mean - law.mean).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((jumped.var - law.var).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("ULA's stationary variance solves v = (1 - hp)^2 v + 2h", "[sbi_langevin]") {
  const Eigen::Vector3d p(0.5, 1.0, 4.0);
  const double h = 0.2;
  const Eigen::ArrayXd v = ula_stationary_var(p, h).array();
  CHECK(((1.0 - h * p.array()).square() * v + 2.0 * h - v).abs().maxCoeff() < 1e-12);
  const double bias = (v.sqrt() - p.array().rsqrt()).matrix().norm();
  CHECK(ula_stationary_bias(p, h) == Approx(bias));
  CHECK_THROWS_AS(ula_stationary_var(p, 0.5), std::domain_error);  // h p = 2 at p = 4
}

TEST_CASE("Monte Carlo chains follow the exact ULA recursion", "[sbi_langevin]") {
  const auto agreement = ula_recursion_vs_monte_carlo(11, 4000);
  CHECK(agreement.comparisons == 108);
  CHECK(agreement.max_abs_z <= agreement.z_limit);
}

TEST_CASE("running the sampler level by level equals running it whole", "[sbi_langevin]") {
  std::mt19937_64 rng(12);
  const auto model = testing::random_gaussian_model(2, 3, rng);
  const std::vector<LevelStep> schedule{{0.2, 0.05, 3}, {1.0, 0.02, 4}};
  std::vector<std::mt19937_64> streams{std::mt19937_64(5)};
  std::mt19937_64 b(5);
  const auto whole = run_annealed_langevin(model, ScoreKind::linhart, schedule, {},
                                           initial_chain_blocks(10, 2, streams));
  Eigen::MatrixXd theta = initial_chains(10, 2, b);
  for (const auto& level : schedule)
    run_level(CompositeScore(model, ScoreKind::linhart, VpSchedule::from_alpha(level.alpha)), level,
              theta, b);
  CHECK(whole.samples == theta);
  CHECK(whole.levels.size() == 2);
  CHECK(whole.levels[1].count == 10);
}

TEST_CASE("chain blocks give the same samples in whatever order they run", "[sbi_langevin]") {
  std::mt19937_64 rng(14);
  const auto model = testing::random_gaussian_model(3, 4, rng);
  const std::vector<LevelStep> schedule{{0.3, 0.05, 2}, {1.0, 0.02, 3}};
  const int chains = 2 * kChainBlock + 17;  // two full blocks and a partial one
  std::vector<std::mt19937_64> streams;
  for (int s = 0; s < chain_block_count(chains); ++s) streams.emplace_back(100 + s);
  REQUIRE(streams.size() == 3);
  const BlockRunner reversed = [](int blocks, const std::function<void(int)>& run_block) {
    for (int b = blocks - 1; b >= 0; --b) run_block(b);
  };
  const auto in_order = run_annealed_langevin(model, ScoreKind::geffner, schedule, {},
                                              initial_chain_blocks(chains, 3, streams));
  const auto backwards = run_annealed_langevin(model, ScoreKind::geffner, schedule, {},
                                               initial_chain_blocks(chains, 3, streams), reversed);
  CHECK(in_order.samples.rows() == chains);
  CHECK(in_order.samples == backwards.samples);
}

TEST_CASE("random score errors have the requested size", "[sbi_langevin]") {
  std::mt19937_64 rng(13);
  const Eigen::MatrixXd e = random_score_errors(6, 3, 0.25, rng);
  CHECK((e.rowwise().norm().array() - 0.25).abs().maxCoeff() < 1e-12);
}

TEST_CASE("a level ends after the step at which stop() turns true", "[sbi_langevin]") {
  std::mt19937_64 rng(15);
  const auto model = testing::random_gaussian_model(2, 3, rng);
  const CompositeScore score(model, ScoreKind::linhart, VpSchedule{}.at(0.5));
  Eigen::MatrixXd stopped = Eigen::MatrixXd::Zero(4, 2), two_steps = stopped;
  std::mt19937_64 a(16), b(16);
  int polls = 0;
  run_level(score, {0.0, 0.01, 1000}, stopped, a, [&] { return ++polls == 2; });
  run_level(score, {0.0, 0.01, 2}, two_steps, b);
  CHECK(polls == 2);
  CHECK(stopped == two_steps);
}
