#include "closed_form_fields.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "assay/nn/matrix.hpp"
#include "flow_matching.hpp"
#include "gaussian_target.hpp"
#include "ode_solvers.hpp"
#include "sample_quality.hpp"

namespace lc = assay::lowrank_collapse;
namespace nn = assay::nn;

using namespace lowrank_collapse_test;

TEST_CASE("the Gaussian field is E[x1 - x0 | x_t] and leaves (pi/2) tr cov^(1/2) unexplained",
          "[lowrank_collapse]") {
  const lc::GaussianField u(target_mean(), target_cov());
  std::mt19937_64 rng(11);
  const int n = 40000;
  const auto b = lc::cfm_batch(gaussian_draws(n, rng), rng);
  Eigen::VectorXd residual2(n);
  Eigen::MatrixXd cross(n, 4);  // (u_c - u*) times x_t, entry by entry
  for (int i = 0; i < n; ++i) {
    const Eigen::RowVectorXd r = b.target.row(i) - u(b.t(i), b.xt.row(i));
    residual2(i) = r.squaredNorm();
    cross.row(i) << r(0) * b.xt(i, 0), r(0) * b.xt(i, 1), r(1) * b.xt(i, 0), r(1) * b.xt(i, 1);
  }
  const auto se = [n](const Eigen::VectorXd& v) {
    return std::sqrt((v.array() - v.mean()).square().sum() / (n - 1) / n);
  };
  // Monte Carlo mean within 4 standard errors of the closed form.
  REQUIRE(std::abs(residual2.mean() - u.irreducible_loss()) < 4 * se(residual2));
  // The residual of a conditional expectation is orthogonal to functions of x_t.
  for (int j = 0; j < 4; ++j) REQUIRE(std::abs(cross.col(j).mean()) < 4 * se(cross.col(j)));
}

TEST_CASE("the Gaussian field's flow carries N(0, I) to the target", "[lowrank_collapse]") {
  const lc::GaussianField u(target_mean(), target_cov());
  std::mt19937_64 rng(12);
  const int n = 20000;
  const auto end = lc::dormand_prince([&](double t, const Eigen::MatrixXd& x) { return u(t, x); },
                                      standard_normal(n, 2, rng), 0, 1, {1e-8, 1e-8});
  const Eigen::RowVector2d mean = end.x.colwise().mean();
  const Eigen::MatrixXd centred = end.x.rowwise() - mean;
  const Eigen::Matrix2d cov = centred.transpose() * centred / (n - 1);
  const Eigen::Matrix2d s = target_cov();
  for (int i = 0; i < 2; ++i) {
    REQUIRE(std::abs(mean(i) - target_mean()(i)) < 4 * std::sqrt(s(i, i) / n));
    for (int j = 0; j < 2;
         ++j)  // Var of a Gaussian sample covariance entry: (s_ii s_jj + s_ij^2)/n
      REQUIRE(std::abs(cov(i, j) - s(i, j)) <
              4 * std::sqrt((s(i, i) * s(j, j) + s(i, j) * s(i, j)) / n));
  }
}

TEST_CASE("integrating the empirical optimal field lands on training points",
          "[lowrank_collapse]") {
  std::mt19937_64 rng(13);
  const Eigen::MatrixXd training = 3 * standard_normal(10, 2, rng);
  const lc::EmpiricalOptimalField u(training);
  const double end_time = 1 - 1e-4;
  const auto end = lc::dormand_prince([&](double t, const Eigen::MatrixXd& x) { return u(t, x); },
                                      standard_normal(500, 2, rng), 0, end_time, {1e-9, 1e-9});
  double closest_pair = 1e300;
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < i; ++j)
      closest_pair = std::min(closest_pair, (training.row(i) - training.row(j)).norm());
  // At t = 1 - eps the flow sits at eps x0 + (1 - eps) y: within eps ||x0 - y|| of a point.
  double worst = 0;
  for (Eigen::Index i = 0; i < end.x.rows(); ++i)
    worst = std::max(worst, lc::mean_nearest_distance(end.x.row(i), training));
  INFO("closest training pair " << closest_pair);
  REQUIRE(worst < 1e-4 * 20);
  REQUIRE(worst < 1e-2 * closest_pair);
}
