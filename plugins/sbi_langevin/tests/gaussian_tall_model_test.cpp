#include "gaussian_tall_model.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "test_models.hpp"

using namespace assay::sbi_langevin;

TEST_CASE("tall posterior is prior^(1-n) times the single posteriors", "[sbi_langevin]") {
  std::mt19937_64 rng(3);
  const auto model = testing::random_gaussian_model(4, 7, rng);
  const double n = model.n_obs();
  // Precisions and precision-weighted means add up: (1-n) lambda + sum_j p(.|x_j).
  const Eigen::ArrayXd s = model.single_posterior_var().array();
  const Eigen::ArrayXd v0 = model.prior_var().array();
  Eigen::ArrayXd weighted = (1.0 - n) * model.prior_mean().array() / v0;
  for (int j = 0; j < model.n_obs(); ++j) weighted += model.single_posterior_mean(j).array() / s;
  const auto post = model.tall_posterior();
  const Eigen::ArrayXd precision = (1.0 - n) / v0 + n / s;
  CHECK((post.var.array() * precision - 1.0).abs().maxCoeff() < 1e-12);
  CHECK((post.mean.array() - weighted / precision).abs().maxCoeff() < 1e-12);
}

TEST_CASE("diffused single-posterior score is the gradient of its log density", "[sbi_langevin]") {
  std::mt19937_64 rng(4);
  const auto model = testing::random_gaussian_model(3, 2, rng);
  const Diffusion at = VpSchedule{}.at(0.3);
  const Eigen::VectorXd m = std::sqrt(at.alpha) * model.single_posterior_mean(1);
  const Eigen::VectorXd v = (at.alpha * model.single_posterior_var().array() + at.sigma2).matrix();
  const auto log_density = [&](const Eigen::RowVectorXd& x) {
    return -0.5 * ((x.transpose() - m).array().square() / v.array()).sum();
  };
  const Eigen::RowVectorXd theta = Eigen::RowVectorXd::LinSpaced(3, -1.0, 2.0);
  const Eigen::RowVectorXd score = model.posterior_score(theta, 1, at);
  constexpr double h = 1e-5;
  for (int i = 0; i < 3; ++i) {
    Eigen::RowVectorXd up = theta, down = theta;
    up[i] += h;
    down[i] -= h;
    CHECK(score[i] == Approx((log_density(up) - log_density(down)) / (2 * h)).epsilon(1e-7));
  }
}

TEST_CASE("spread variances are geometric around the given variance", "[sbi_langevin]") {
  const Eigen::VectorXd v = spread_variances(5, 2.0, 16.0, false);
  CHECK(v[0] == Approx(0.5));
  CHECK(v[4] == Approx(8.0));
  CHECK(std::exp(v.array().log().mean()) == Approx(2.0));
  CHECK(spread_variances(5, 2.0, 16.0, true)[0] == Approx(8.0));
  CHECK(spread_variances(1, 2.0, 16.0, false)[0] == Approx(2.0));
}

TEST_CASE("VP schedule starts at the data and ends near pure noise", "[sbi_langevin]") {
  const VpSchedule vp;
  CHECK(vp.at(0.0).alpha == 1.0);
  CHECK(vp.at(0.0).sigma2 == 0.0);
  CHECK(vp.at(1.0).alpha == Approx(std::exp(-10.05)));
  CHECK(vp.at(0.4).alpha + vp.at(0.4).sigma2 == Approx(1.0));
  const auto t = level_times(5);
  CHECK(t.front() == 1.0);
  CHECK(t.back() == 0.0);
  CHECK(level_times(1) == std::vector<double>{0.0});
}
