#include "composite_score.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "bridging_density.hpp"
#include "test_models.hpp"

using namespace assay::sbi_langevin;

TEST_CASE("closed-form diagonal weights equal the general composite weights", "[sbi_langevin]") {
  std::mt19937_64 rng(5);
  const auto model = testing::random_gaussian_model(3, 6, rng);
  for (const double t : {0.0, 0.2, 0.7, 1.0})
    for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart}) {
      const Diffusion at = VpSchedule{}.at(t);
      const CompositeWeights general(model, kind, at);
      const auto diagonal = diagonal_composite_weights(model, kind, at);
      const Eigen::MatrixXd prior = diagonal.prior.matrix().asDiagonal();
      const Eigen::MatrixXd post = diagonal.posterior.matrix().asDiagonal();
      CHECK((general.prior() - prior).cwiseAbs().maxCoeff() < 1e-12);
      CHECK((general.posterior(0) - post).cwiseAbs().maxCoeff() < 1e-12);
    }
}

TEST_CASE("Linhart's score is the exact diffused tall-posterior score", "[sbi_langevin]") {
  std::mt19937_64 rng(6);
  const auto model = testing::random_gaussian_model(4, 9, rng);
  const Eigen::MatrixXd theta = Eigen::MatrixXd::Random(5, 4) * 3.0;
  for (const double t : {0.0, 0.05, 0.5, 1.0}) {
    const Diffusion at = VpSchedule{}.at(t);
    const auto law = model.diffused_tall_posterior(at);
    const Eigen::MatrixXd exact =
        -((theta.rowwise() - law.mean.transpose()).array().rowwise() / law.var.transpose().array())
             .matrix();
    const Eigen::MatrixXd linhart = CompositeScore(model, ScoreKind::linhart, at)(theta);
    CHECK((linhart - exact).cwiseAbs().maxCoeff() < 1e-10 * exact.cwiseAbs().maxCoeff());
    const Eigen::MatrixXd geffner = CompositeScore(model, ScoreKind::geffner, at)(theta);
    if (t == 0.0)
      CHECK((geffner - exact).cwiseAbs().maxCoeff() < 1e-10 * exact.cwiseAbs().maxCoeff());
    else
      CHECK((geffner - exact).cwiseAbs().maxCoeff() > 1e-4 * exact.cwiseAbs().maxCoeff());
  }
}

TEST_CASE("with one observation both composite scores are the single-posterior score",
          "[sbi_langevin]") {
  std::mt19937_64 rng(7);
  const auto model = testing::random_gaussian_model(2, 1, rng);
  const Diffusion at = VpSchedule{}.at(0.4);
  const Eigen::MatrixXd theta = Eigen::MatrixXd::Random(3, 2);
  const Eigen::MatrixXd single = model.posterior_score(theta, 0, at);
  for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart})
    CHECK((CompositeScore(model, kind, at)(theta) - single).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("Geffner's bridging precision dominates Linhart's", "[sbi_langevin]") {
  // f(u) = u / (alpha + sigma^2 u) is concave in the precision u, and the single-posterior
  // precision is a convex combination of the tall-posterior and prior precisions, so
  // n f(u_s) - (n-1) f(u_0) >= f(u_post) coordinate-wise.
  std::mt19937_64 rng(8);
  for (int trial = 0; trial < 20; ++trial) {
    const auto model = testing::random_gaussian_model(3, 2 + trial, rng);
    for (const double t : {0.0, 0.1, 0.5, 0.9}) {
      const Diffusion at = VpSchedule{}.at(t);
      const Eigen::ArrayXd g = bridging_density(model, ScoreKind::geffner, at).precision.array();
      const Eigen::ArrayXd l = bridging_density(model, ScoreKind::linhart, at).precision.array();
      CHECK((g - l).minCoeff() >= -1e-12 * g.maxCoeff());
    }
  }
}

TEST_CASE("score errors shift the bridging mean by P^-1 times the composite error",
          "[sbi_langevin]") {
  std::mt19937_64 rng(9);
  const auto model = testing::random_gaussian_model(2, 4, rng);
  const Diffusion at = VpSchedule{}.at(0.3);
  const Eigen::MatrixXd errors = Eigen::MatrixXd::Random(4, 2) * 0.1;
  for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart}) {
    const auto clean = bridging_density(model, kind, at);
    const auto shifted = bridging_density(model, kind, at, errors);
    const CompositeScore noisy(model, kind, at, errors);
    // The noisy score vanishes at the shifted mean.
    CHECK(noisy(shifted.mean.transpose()).cwiseAbs().maxCoeff() < 1e-10);
    CHECK((shifted.precision - clean.precision).cwiseAbs().maxCoeff() == 0.0);
  }
}

TEST_CASE("unknown score kinds are rejected", "[sbi_langevin]") {
  CHECK(parse_score_kind("geffner") == ScoreKind::geffner);
  CHECK(parse_score_kind("linhart") == ScoreKind::linhart);
  CHECK_THROWS_AS(parse_score_kind("gauss"), std::invalid_argument);
}
