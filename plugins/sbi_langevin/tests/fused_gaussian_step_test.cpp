#include "fused_gaussian_step.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "annealed_langevin.hpp"
#include "mixture_tall_model.hpp"
#include "test_models.hpp"

using namespace assay::sbi_langevin;

TEST_CASE("the fused ULA step rounds exactly as the step through the composite score",
          "[sbi_langevin]") {
  std::mt19937_64 rng(51);
  const auto model = testing::random_gaussian_model(7, 5, rng);
  const Eigen::MatrixXd errors = random_score_errors(5, 7, 0.3, rng);
  const double h = 0.04;
  // 37 rows: not a multiple of any vector width, so the loops' remainders are covered too.
  const Eigen::MatrixXd theta = Eigen::MatrixXd::Random(37, 7) * 3.0;
  const Eigen::MatrixXd noise = Eigen::MatrixXd::Random(37, 7);
  for (const auto kind : {ScoreKind::geffner, ScoreKind::linhart}) {
    const CompositeScore score(model, kind, VpSchedule{}.at(0.3), errors);
    auto fused = FusedGaussianStep::of(score, h);
    REQUIRE(fused);
    Eigen::MatrixXd stepped = theta, expected = theta;
    (*fused)(stepped, noise);
    expected += h * score(expected) + std::sqrt(2.0 * h) * noise;
    CHECK(stepped == expected);
    CHECK(stepped != theta);
  }
}

TEST_CASE("a mixture model's score is not fused; its sampler steps through the score",
          "[sbi_langevin]") {
  std::mt19937_64 rng(52);
  const auto draw = draw_mixture_tall_data(2, 3, 2.0, 0.7, 1.3, 4, rng);
  const MixtureTallModel mixture(draw.weights, draw.means, 0.7, 1.3, draw.observations);
  const Diffusion at = VpSchedule{}.at(0.5);
  CHECK_FALSE(mixture.diagonal_gaussian_scores(at));
  CHECK_FALSE(FusedGaussianStep::of(CompositeScore(mixture, ScoreKind::geffner, at), 0.01));
  CHECK(FusedGaussianStep::of(CompositeScore(mixture.gaussian_surrogate(), ScoreKind::geffner, at),
                              0.01));
}
