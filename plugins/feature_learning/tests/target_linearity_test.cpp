#include "target_linearity.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace fl = assay::feature_learning;

namespace {
std::vector<int> cycling_labels(int n, int classes) {
  std::vector<int> y(n);
  for (int i = 0; i < n; ++i) y[i] = i % classes;
  return y;
}
}  // namespace

TEST_CASE("target linearity is one for features affine in the one-hot targets",
          "[feature_learning]") {
  const auto y = cycling_labels(90, 3);
  Eigen::MatrixXd h = Eigen::MatrixXd::Random(90, 5) * 1e-3;
  Eigen::MatrixXd means = Eigen::MatrixXd::Random(3, 5);
  for (int i = 0; i < 90; ++i) h.row(i) = means.row(y[i]) * 2.0 + Eigen::RowVectorXd::Ones(5);
  REQUIRE(fl::target_linearity(h, y, 3) == Approx(1.0).margin(1e-10));
}

TEST_CASE("target linearity of independent Gaussian features has mean p / (n - 1)",
          "[feature_learning]") {
  // Under the null, the R^2 of least squares with an intercept on p predictors has mean
  // p / (n - 1) and variance about 2 p / n^2 per target column.
  const int n = 2000, p = 10;
  const auto y = cycling_labels(n, 3);
  Eigen::MatrixXd h(n, p);
  std::mt19937_64 rng(4);
  std::normal_distribution<double> normal;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < p; ++j) h(i, j) = normal(rng);
  const double expected = p / (n - 1.0), sd = std::sqrt(2.0 * p) / n;
  REQUIRE(std::abs(fl::target_linearity(h, y, 3) - expected) < 4 * sd);
}

TEST_CASE("target linearity is invariant to invertible linear maps of the features",
          "[feature_learning]") {
  const auto y = cycling_labels(60, 4);
  const Eigen::MatrixXd h = Eigen::MatrixXd::Random(60, 6);
  const Eigen::MatrixXd a = Eigen::MatrixXd::Random(6, 6) + 3 * Eigen::MatrixXd::Identity(6, 6);
  REQUIRE(fl::target_linearity(h * a, y, 4) == Approx(fl::target_linearity(h, y, 4)).margin(1e-10));
}

TEST_CASE("effective rank counts equal directions", "[feature_learning]") {
  // Centred rows +-e_1, +-e_2, +-e_3: three equal singular values.
  Eigen::MatrixXd h = Eigen::MatrixXd::Zero(6, 4);
  for (int k = 0; k < 3; ++k) h(2 * k, k) = 1, h(2 * k + 1, k) = -1;
  REQUIRE(fl::feature_effective_rank(h) == Approx(3.0).epsilon(1e-12));
}
