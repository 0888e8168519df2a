#include "langevin_tuning.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "paper_claims.hpp"
#include "test_models.hpp"
#include "ula_recursion.hpp"

using namespace assay::sbi_langevin;

TEST_CASE("max_step_for_bias is the largest step within the bias budget", "[sbi_langevin]") {
  const Eigen::Vector3d p(0.5, 2.0, 9.0);
  const double budget = 0.01;
  const double h = max_step_for_bias(p, budget);
  CHECK(ula_stationary_bias(p, h) <= budget);
  CHECK(ula_stationary_bias(p, h * (1 + 1e-9)) > budget);
  // A loose budget is capped by the contraction condition h <= 2 / (m + L).
  CHECK(max_step_for_bias(p, 1e6) == Approx(2.0 / 9.5));
}

TEST_CASE("the tuned plan's exact W2 is within its bound, which is within epsilon",
          "[sbi_langevin]") {
  std::mt19937_64 rng(21);
  for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart})
    for (const double delta : {0.0, 0.002}) {
      const auto model = testing::random_gaussian_model(3, 5, rng);
      TuningRequest request;
      request.kind = kind;
      request.epsilon = 0.1;
      request.score_error = delta;
      const auto plan = tune_langevin(model, request);
      CHECK(plan.w2_exact <= plan.w2_bound);
      CHECK(plan.w2_bound <= request.epsilon);
      std::int64_t total = 0;
      for (const auto& level : plan.levels) {
        CHECK(level.steps >= 1);
        CHECK(level.w2_bound <= request.epsilon);
        CHECK(level.step_size <= 2.0 / (level.precision_min + level.precision_max));
        total += level.steps;
      }
      CHECK(total == plan.total_steps);
      CHECK(plan.levels.back().t == 0.0);
    }
}

TEST_CASE("the warm-start rule keeps consecutive bridging densities within epsilon",
          "[sbi_langevin]") {
  std::mt19937_64 rng(22);
  const auto model = testing::random_gaussian_model(2, 10, rng);
  TuningRequest request;
  request.epsilon = 0.05;
  const auto plan = tune_langevin(model, request);
  const int levels = static_cast<int>(plan.levels.size());
  CHECK(max_level_distance(model, request.kind, levels, request.schedule) <= request.epsilon);
  CHECK(max_level_distance(model, request.kind, levels - 1, request.schedule) > request.epsilon);
}

TEST_CASE("aligned score errors reach Geffner's composite error bound", "[sbi_langevin]") {
  std::mt19937_64 rng(23);
  const auto model = testing::random_gaussian_model(4, 6, rng);
  const Diffusion at = VpSchedule{}.at(0.5);
  const Eigen::MatrixXd e = aligned_score_errors(model, 0.3);
  CHECK(e.colwise().sum().norm() ==
        Approx(composite_error_bound(model, ScoreKind::geffner, at, 0.3)));
  // At t = 0 Linhart's weights are the identity, so its bound is Geffner's n delta.
  CHECK(composite_error_bound(model, ScoreKind::linhart, VpSchedule{}.at(0.0), 0.3) ==
        Approx(6 * 0.3));
}

TEST_CASE("a score error too large for epsilon is refused", "[sbi_langevin]") {
  std::mt19937_64 rng(24);
  const auto model = testing::random_gaussian_model(2, 10, rng);
  TuningRequest request;
  request.epsilon = 0.1;
  request.score_error = 1.0;
  CHECK_THROWS_AS(tune_langevin(model, request), std::domain_error);
}

TEST_CASE("exact annealed ULA law converges to the posterior with many small steps",
          "[sbi_langevin]") {
  std::mt19937_64 rng(25);
  const auto model = testing::random_gaussian_model(2, 4, rng);
  const std::vector<LevelStep> schedule{{VpSchedule{}.at(0.5).alpha, 0.01, 200},
                                        {1.0, 1e-4, 200000}};
  const auto law = annealed_ula_laws(model, ScoreKind::linhart, schedule).back();
  const auto post = model.tall_posterior();
  CHECK((law.mean - post.mean).cwiseAbs().maxCoeff() < 1e-6);
  // Stationary variance 1/(p(1 - hp/2)) differs from 1/p by about h/2.
  CHECK((law.var - post.var).cwiseAbs().maxCoeff() < 1e-4);
}
