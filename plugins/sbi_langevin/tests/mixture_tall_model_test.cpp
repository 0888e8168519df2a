#include "mixture_tall_model.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "composite_score.hpp"
#include "paper_claims.hpp"

using namespace assay::sbi_langevin;

namespace {
MixtureTallModel small_mixture(std::mt19937_64& rng, int components) {
  const auto draw = draw_mixture_tall_data(2, components, 2.0, 0.7, 1.3, 4, rng);
  return MixtureTallModel(draw.weights, draw.means, 0.7, 1.3, draw.observations);
}
}  // namespace

TEST_CASE("mixture scores are gradients of the diffused mixture log densities", "[sbi_langevin]") {
  std::mt19937_64 rng(41);
  const auto draw = draw_mixture_tall_data(2, 3, 2.0, 0.7, 1.3, 4, rng);
  const MixtureTallModel model(draw.weights, draw.means, 0.7, 1.3, draw.observations);
  const Diffusion at = VpSchedule{}.at(0.35);
  const double var = at.alpha * 0.7 + at.sigma2;
  const auto log_prior = [&](const Eigen::RowVector2d& x) {
    double sum = 0;
    for (int k = 0; k < 3; ++k)
      sum += draw.weights[k] *
             std::exp(-0.5 * (x - std::sqrt(at.alpha) * draw.means.row(k)).squaredNorm() / var);
    return std::log(sum);
  };
  const Eigen::RowVector2d theta(0.3, -0.4);
  const Eigen::RowVectorXd score = model.prior_score(theta, at);
  constexpr double h = 1e-5;
  for (int i = 0; i < 2; ++i) {
    Eigen::RowVector2d up = theta, down = theta;
    up[i] += h;
    down[i] -= h;
    CHECK(score[i] == Approx((log_prior(up) - log_prior(down)) / (2 * h)).epsilon(1e-6));
  }
}

TEST_CASE("a one-component mixture is the Gaussian model", "[sbi_langevin]") {
  std::mt19937_64 rng(42);
  const auto mixture = small_mixture(rng, 1);
  const auto gaussian = mixture.gaussian_surrogate();
  const Eigen::MatrixXd theta = Eigen::MatrixXd::Random(4, 2);
  for (const double t : {0.0, 0.3, 0.9}) {
    const Diffusion at = VpSchedule{}.at(t);
    CHECK((mixture.prior_score(theta, at) - gaussian.prior_score(theta, at)).cwiseAbs().maxCoeff() <
          1e-10);
    CHECK((mixture.posterior_score(theta, 2, at) - gaussian.posterior_score(theta, 2, at))
              .cwiseAbs()
              .maxCoeff() < 1e-10);
    CHECK((CompositeScore(mixture, ScoreKind::linhart, at)(theta) -
           CompositeScore(gaussian, ScoreKind::linhart, at)(theta))
              .cwiseAbs()
              .maxCoeff() < 1e-9);
  }
}

TEST_CASE("exact tall-posterior draws of a one-component mixture match the Gaussian posterior",
          "[sbi_langevin]") {
  std::mt19937_64 rng(43);
  const auto mixture = small_mixture(rng, 1);
  const auto post = mixture.gaussian_surrogate().tall_posterior();
  const int n = 20000;
  const Eigen::MatrixXd x = mixture.sample_tall_posterior(n, rng);
  const Eigen::VectorXd mean = x.colwise().mean().transpose();
  for (int i = 0; i < 2; ++i)
    CHECK(std::abs(mean[i] - post.mean[i]) < 4.5 * std::sqrt(post.var[i] / n));
}

TEST_CASE("Gaussian tuning transfers to the mixture within epsilon plus the MC floor",
          "[sbi_langevin]") {
  MixtureTransferSetup setup;
  setup.chains = 1000;
  std::mt19937_64 rng(44);
  const auto r = run_mixture_transfer(setup, rng);
  CHECK(r.total_steps > 0);
  CHECK(r.surrogate_w2_bound <= setup.epsilon);
  CHECK(r.sliced_w2_scaled <= setup.epsilon + r.floor_scaled);
}

TEST_CASE("composite scores equal the weighted sum of the scores, diagonal weights or not",
          "[sbi_langevin]") {
  std::mt19937_64 rng(43);
  const auto mixture = small_mixture(rng, 3);
  const auto gaussian = mixture.gaussian_surrogate();
  const Eigen::MatrixXd theta = Eigen::MatrixXd::Random(6, 2) * 2.0;
  const Diffusion at = VpSchedule{}.at(0.4);
  for (const TallModel* model :
       {static_cast<const TallModel*>(&mixture), static_cast<const TallModel*>(&gaussian)}) {
    const CompositeScore score(*model, ScoreKind::linhart, at);
    const auto& w = score.weights();
    Eigen::MatrixXd expected = model->prior_score(theta, at) * w.prior().transpose();
    for (int j = 0; j < model->n_obs(); ++j)
      expected += model->posterior_score(theta, j, at) * w.posterior(j).transpose();
    CHECK((score(theta) - expected).cwiseAbs().maxCoeff() < 1e-12 * expected.cwiseAbs().maxCoeff());
  }
  // The mixture's moment-matched covariances are not diagonal, the surrogate's are.
  CHECK_FALSE(CompositeWeights(mixture, ScoreKind::linhart, at).diagonal());
  CHECK(CompositeWeights(gaussian, ScoreKind::linhart, at).diagonal());
}
