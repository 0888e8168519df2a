// Assay::stats against closed forms and exact small cases.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "assay/nn/matrix.hpp"
#include "assay/stats/metrics.hpp"
#include "assay/stats/probes.hpp"
#include "assay/stats/resampling.hpp"
#include "assay/stats/spectrum.hpp"

namespace nn = assay::nn;
namespace stats = assay::stats;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

MatrixXd randn(Eigen::Index r, Eigen::Index c, nn::Rng& rng) {
  return MatrixXd::NullaryExpr(r, c, [&] { return nn::standard_normal(rng); });
}

}  // namespace

TEST_CASE("ridge recovers noiseless weights and satisfies its normal equations", "[stats]") {
  nn::Rng rng(1);
  const MatrixXd x = randn(50, 4, rng);
  const MatrixXd w = randn(4, 2, rng);
  const MatrixXd y = (x * w).rowwise() + Eigen::RowVector2d(1.5, -2.0);
  const stats::RidgeProbe exact = stats::fit_ridge(x, y, 0.0);
  CHECK((exact.weights - w).cwiseAbs().maxCoeff() < 1e-10);
  CHECK(exact.intercept(0) == Approx(1.5).epsilon(1e-10));
  CHECK(stats::r_squared(y, exact.predict(x)) == Approx(1.0).epsilon(1e-12));
  // With a penalty the gradient of the objective vanishes: X_c^T (Y_c - X_c W) = lambda W.
  const stats::RidgeProbe ridge = stats::fit_ridge(x, y, 3.0);
  const MatrixXd xc = x.rowwise() - x.colwise().mean();
  const MatrixXd yc = y.rowwise() - y.colwise().mean();
  CHECK((xc.transpose() * (yc - xc * ridge.weights) - 3.0 * ridge.weights).cwiseAbs().maxCoeff() <
        1e-9);
}

TEST_CASE("the logistic probe reaches its first-order optimum and separates its classes",
          "[stats]") {
  nn::Rng rng(2);
  const Eigen::Index n = 200;
  const MatrixXd x = randn(n, 3, rng);
  const VectorXd w_true(Eigen::Vector3d(2.0, -1.0, 0.5));
  std::vector<int> labels(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const double p = 1 / (1 + std::exp(-(x.row(i).dot(w_true) + 0.3)));
    labels[static_cast<std::size_t>(i)] = nn::uniform01(rng) < p;
  }
  const double lambda = 0.01;
  const stats::LogisticProbe probe = stats::fit_logistic(x, labels, lambda);
  VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) y(i) = labels[static_cast<std::size_t>(i)];
  const VectorXd residual = probe.probabilities(x) - y;
  const VectorXd grad_w = x.transpose() * residual / n + lambda * probe.weights;
  CHECK(grad_w.cwiseAbs().maxCoeff() < 1e-9);
  CHECK(std::abs(residual.mean()) < 1e-9);
  std::vector<int> predicted(n);
  for (Eigen::Index i = 0; i < n; ++i) predicted[i] = probe.decision(x)(i) > 0;
  // The Bayes classifier's accuracy here is about 0.8; chance is 0.5.
  CHECK(stats::accuracy(predicted, labels) > 0.7);
}

TEST_CASE("PCA finds a planted direction and its variance", "[stats]") {
  nn::Rng rng(3);
  const Eigen::Index n = 2000;
  const VectorXd u = VectorXd(Eigen::Vector3d(1, 2, 2)) / 3.0;
  const MatrixXd x = 3.0 * randn(n, 1, rng) * u.transpose() + 0.1 * randn(n, 3, rng);
  const stats::Pca pca = stats::fit_pca(x, 2);
  CHECK(std::abs(pca.components.col(0).dot(u)) > 0.999);
  // Variance 9 + 0.01 along u, sampling error ~ 9 sqrt(2 / n) = 0.28: within 4 SE.
  CHECK(std::abs(pca.variances(0) - 9.01) < 4 * 9 * std::sqrt(2.0 / n));
  CHECK(pca.explained_ratio(0) > 0.99);
  CHECK(pca.transform(x).cols() == 2);
}

TEST_CASE("effective and stable ranks match their closed forms", "[stats]") {
  const MatrixXd identity = MatrixXd::Identity(5, 5);
  CHECK(stats::effective_rank(identity) == Approx(5.0));
  CHECK(stats::stable_rank(identity) == Approx(5.0));
  nn::Rng rng(4);
  const MatrixXd rank_one = randn(6, 1, rng) * randn(1, 4, rng);
  CHECK(stats::stable_rank(rank_one) == Approx(1.0));
  CHECK(stats::effective_rank(rank_one) == Approx(1.0).epsilon(1e-6));
  const MatrixXd diag = Eigen::Vector3d(3, 1, 0).asDiagonal();
  // p = (3/4, 1/4): exp(-(3/4 log 3/4 + 1/4 log 1/4)).
  CHECK(stats::effective_rank(diag) ==
        Approx(std::exp(-(0.75 * std::log(0.75) + 0.25 * std::log(0.25)))));
  CHECK(stats::stable_rank(diag) == Approx(10.0 / 9.0));
}

TEST_CASE("principal angles between planes rotated by a known angle", "[stats]") {
  const double theta = 0.3;
  MatrixXd a = MatrixXd::Zero(4, 2), b = MatrixXd::Zero(4, 2);
  a(0, 0) = a(1, 1) = 1;
  b(0, 0) = 2;  // shared direction, scaled: the span is what counts
  b(1, 1) = std::cos(theta);
  b(2, 1) = std::sin(theta);
  const VectorXd angles = stats::principal_angles(a, b);
  CHECK(angles(0) == Approx(0.0).margin(1e-7));
  CHECK(angles(1) == Approx(theta).epsilon(1e-10));
}

TEST_CASE("quantiles interpolate linearly as NumPy's default", "[stats]") {
  const VectorXd v = Eigen::Vector4d(4, 1, 3, 2);
  CHECK(stats::quantile(v, 0.0) == 1.0);
  CHECK(stats::quantile(v, 1.0) == 4.0);
  CHECK(stats::quantile(v, 0.5) == Approx(2.5));
  CHECK(stats::quantile(v, 0.1) == Approx(1.3));  // numpy.quantile([1,2,3,4], 0.1)
}

TEST_CASE("accuracy, F1, AUROC and average precision on exact small cases", "[stats]") {
  CHECK(stats::accuracy({1, 0, 1, 1}, {1, 1, 1, 0}) == 0.5);
  // tp 2, fp 1, fn 1: F1 = 4 / 6.
  CHECK(stats::f1_score({1, 0, 1, 1}, {1, 1, 1, 0}) == Approx(2.0 / 3.0));
  const VectorXd scores = (VectorXd(5) << 0.9, 0.8, 0.7, 0.7, 0.1).finished();
  const std::vector<int> labels = {1, 0, 1, 0, 1};
  // Pairs (pos, neg): (0.9,0.8) 1, (0.9,0.7) 1, (0.7,0.8) 0, (0.7,0.7) 1/2, (0.1,*) 0: 2.5 / 6.
  CHECK(stats::auroc(scores, labels) == Approx(2.5 / 6));
  // Thresholds 0.9: P 1, R 1/3; 0.8: P 1/2, R 1/3; 0.7: P 2/4, R 2/3; 0.1: P 3/5, R 1.
  CHECK(stats::average_precision(scores, labels) == Approx(1.0 / 3 + 0.5 / 3 + 0.6 / 3));
}

TEST_CASE("bootstrap intervals of a mean cover it at about the normal-theory width", "[stats]") {
  nn::Rng rng(5);
  const VectorXd data = randn(400, 1, rng).col(0).array() + 2.0;
  const stats::Interval ci = stats::bootstrap_ci(
      data, [](const VectorXd& d) { return d.mean(); }, 2000, 0.95, rng);
  CHECK(ci.estimate == Approx(data.mean()));
  CHECK(ci.low < ci.estimate);
  CHECK(ci.high > ci.estimate);
  // Normal theory: half-width 1.96 s / sqrt(n) ~ 0.098; the percentile bootstrap's width has
  // relative Monte Carlo error of a few percent at 2000 resamples: allow 20%.
  const double half = 1.96 * std::sqrt((data.array() - data.mean()).square().sum() / 399) / 20;
  CHECK((ci.high - ci.low) / 2 == Approx(half).epsilon(0.2));
}

TEST_CASE("the permutation test rejects shifted samples and not identical ones", "[stats]") {
  nn::Rng rng(6);
  const VectorXd a = randn(40, 1, rng).col(0);
  const VectorXd b = randn(40, 1, rng).col(0).array() + 2.0;
  // A 2-SD shift at n = 40 per group: no relabelling of 999 is as extreme.
  CHECK(stats::permutation_test(a, b, 999, rng) == Approx(1.0 / 1000));
  // A sample against itself: every relabelling is at least as extreme as d = 0.
  CHECK(stats::permutation_test(a, a, 999, rng) == Approx(1.0));
}
