// The second setting: the frozen random-feature backbone, the task split, the measures of
// departure from the Gaussian shared-covariance model, and the Newton fit it relies on.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "gaussian_tasks.hpp"
#include "random_feature_backbone.hpp"
#include "softmax_hessian.hpp"
#include "softmax_regression.hpp"

namespace cil = assay::cil_decentering;

TEST_CASE("random Fourier features approximate the Gaussian kernel within Monte Carlo error",
          "[cil_decentering]") {
  // (1/D) phi(x).phi(y) averages z_j = 2 cos(w.x + c) cos(w.y + c), whose mean is
  // exp(-scale^2 |x - y|^2 / 2) and whose second moment is at most 3/2.
  constexpr int width = 20000;
  constexpr double scale = 1.5;
  std::mt19937_64 rng(3);
  const auto backbone =
      cil::make_random_feature_backbone(3, width, scale, cil::Activation::cos, rng);
  Eigen::MatrixXd x(3, 3);
  x << 0, 0, 0, 0.3, -0.2, 0.1, 1.0, 0.5, -0.4;
  const Eigen::MatrixXd phi = backbone.features(x);
  const double tolerance = 4 * std::sqrt(1.5 / width);
  for (int a = 0; a < 3; ++a)
    for (int b = a + 1; b < 3; ++b) {
      const double kernel = std::exp(-0.5 * scale * scale * (x.row(a) - x.row(b)).squaredNorm());
      CHECK(phi.row(a).dot(phi.row(b)) / width == Approx(kernel).margin(tolerance));
    }
}

TEST_CASE("ReLU features are max(0, W x + c) of one frozen draw", "[cil_decentering]") {
  std::mt19937_64 rng(4);
  const auto backbone = cil::make_random_feature_backbone(2, 16, 2.0, cil::Activation::relu, rng);
  Eigen::MatrixXd x(2, 2);
  x << 0.5, -1.0, 2.0, 0.25;
  const Eigen::MatrixXd phi = backbone.features(x);
  REQUIRE(phi.rows() == 2);
  REQUIRE(phi.cols() == 16);
  for (int j = 0; j < 16; ++j) {
    const double pre = backbone.projection.row(j).dot(x.row(1)) + backbone.offsets(j);
    CHECK(phi(1, j) == Approx(std::max(0.0, pre)).margin(1e-12));
  }
  CHECK(backbone.features(x) == phi);
  CHECK_THROWS_AS(backbone.features(Eigen::MatrixXd::Zero(1, 3)), std::invalid_argument);
}

TEST_CASE("the split puts class k in task k / C and the last rows in the test set",
          "[cil_decentering]") {
  Eigen::MatrixXd features(8, 1);
  features << 0, 1, 2, 3, 4, 5, 6, 7;
  Eigen::VectorXi labels(8);
  labels << 0, 1, 2, 3, 4, 5, 0, 1;
  const auto split = cil::split_train_test(features, labels, 2, 0.25);
  REQUIRE(split.train.features.rows() == 6);
  REQUIRE(split.test.features.rows() == 2);
  CHECK(split.test.features(0, 0) == 6);
  CHECK(split.train.tasks == (Eigen::VectorXi(6) << 0, 0, 1, 1, 2, 2).finished());
  CHECK(split.test.tasks == (Eigen::VectorXi(2) << 0, 0).finished());
  CHECK_THROWS_AS(cil::split_train_test(features, labels, 2, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(cil::split_train_test(features, labels, 2, 1.0), std::invalid_argument);
}

TEST_CASE("Gaussian shared-covariance classes show no departure; their ReLU random features do",
          "[cil_decentering]") {
  // Per coordinate the sample excess kurtosis has SE sqrt(24 / n) under normality; the mean of
  // its absolute values is about 0.8 SE, bounded here by 4 SE.
  constexpr int n = 20000;
  std::mt19937_64 rng(6);
  cil::TaskGeometry g;
  g.tasks = 2;
  g.classes = 2;
  g.dim = 4;
  g.condition_number = 5;
  const auto population = cil::make_gaussian_tasks(g, rng);
  const auto gaussian = cil::sample_gaussian_tasks(population, n, rng);
  const auto departure = cil::gaussian_departure(gaussian.features, gaussian.labels, 4);
  const double kurtosis_se = std::sqrt(24.0 / n);
  CHECK(departure.excess_kurtosis < 4 * kurtosis_se);
  // Relative Frobenius error of a sample covariance: at most about sqrt((d + 1) / n).
  CHECK(departure.covariance_spread < 4 * std::sqrt(5.0 / n));

  // ReLU features are far from Gaussian: a point mass at 0 on each coordinate.
  const auto backbone = cil::make_random_feature_backbone(4, 8, 1.0, cil::Activation::relu, rng);
  const auto relu =
      cil::gaussian_departure(backbone.features(gaussian.features), gaussian.labels, 4);
  CHECK(relu.excess_kurtosis > 10 * kurtosis_se);
}

TEST_CASE("the Newton fit stops at a zero of the penalised gradient", "[cil_decentering]") {
  std::mt19937_64 rng(8);
  cil::TaskGeometry g;
  g.tasks = 4;
  g.classes = 3;
  g.dim = 6;
  g.condition_number = 10;
  const auto population = cil::make_gaussian_tasks(g, rng);
  const auto s = cil::sample_gaussian_tasks(population, 80, rng);
  const double l2 = 1e-3;
  cil::SoftmaxFitReport report;
  const auto head = cil::fit_softmax_regression(s.features, s.labels, 12, {l2}, &report);
  CHECK(report.converged);
  CHECK(report.iterations <= 20);  // Newton converges quadratically; a wrong Hessian would not
  // The gradient recomputed here, independently of the fit: (P - Y)' [X 1] / n + l2 theta.
  const Eigen::MatrixXd logits = head.logits(s.features);
  Eigen::MatrixXd p = (logits.colwise() - logits.rowwise().maxCoeff()).array().exp();
  p.array().colwise() /= p.rowwise().sum().array();
  for (Eigen::Index i = 0; i < s.labels.size(); ++i) p(i, s.labels(i)) -= 1.0;
  const double n = double(s.labels.size());
  const Eigen::MatrixXd grad_w = p.transpose() * s.features / n + l2 * head.weights;
  const Eigen::VectorXd grad_b = p.colwise().sum().transpose() / n + l2 * head.biases;
  // The fit stops once the Newton decrement g' H^-1 g / 2 is below 1e-14 max(1, loss); with
  // H <= lambda_max = max_i (|x_i|^2 + 1) / 2 + l2 that leaves |g| <= sqrt(2e-14 max(1, loss)
  // lambda_max).
  const double lambda_max = (s.features.rowwise().squaredNorm().array() + 1.0).maxCoeff() / 2 + l2;
  const double bound = std::sqrt(2e-14 * std::max(1.0, report.loss) * lambda_max);
  CHECK(std::sqrt(grad_w.squaredNorm() + grad_b.squaredNorm()) <= bound);
}

TEST_CASE("the softmax Hessian equals its definition for few and for many classes",
          "[cil_decentering]") {
  // 3 classes take the rank-update path, 6 the feature-pair path.
  for (int classes : {3, 6}) {
    std::mt19937_64 rng(classes);
    std::normal_distribution<double> normal;
    constexpr int n = 700, m = 4;
    Eigen::MatrixXd x(n, m), p(n, classes);
    for (int i = 0; i < n; ++i) {
      for (int a = 0; a < m; ++a) x(i, a) = a == m - 1 ? 1.0 : normal(rng);
      for (int k = 0; k < classes; ++k) p(i, k) = std::exp(normal(rng));
      p.row(i) /= p.row(i).sum();
    }
    const Eigen::MatrixXd h = cil::SoftmaxHessian(x, classes)(p);
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(classes * m, classes * m);
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < classes; ++k)
        for (int l = 0; l < classes; ++l) {
          const double w = (k == l ? p(i, k) : 0.0) - p(i, k) * p(i, l);
          expected.block(k * m, l * m, m, m) += w * x.row(i).transpose() * x.row(i) / n;
        }
    CHECK((h - expected).cwiseAbs().maxCoeff() < 1e-12);
  }
}
