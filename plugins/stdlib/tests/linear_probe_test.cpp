#include "linear_probe.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "labelled_data.hpp"

namespace sl = assay::stdlib;

TEST_CASE("probes decode well separated clusters perfectly", "[stdlib]") {
  std::mt19937_64 rng(1);
  const auto d = sl::gaussian_clusters(300, 4, 3, 0.05, rng);
  const auto s = sl::cross_validated_probe(d.x, d.y, {});
  REQUIRE(s.ridge_accuracy == 1.0);
  REQUIRE(s.logistic_accuracy == 1.0);
  REQUIRE(s.r_squared > 0.5);
}

TEST_CASE("probes on features independent of labels score chance", "[stdlib]") {
  std::mt19937_64 rng(2);
  const int n = 900, classes = 3;
  const auto features = sl::gaussian_clusters(n, 6, classes, 1.0, rng).x;
  auto labels = sl::gaussian_clusters(n, 1, classes, 1.0, rng).y;
  std::shuffle(labels.begin(), labels.end(), rng);
  const auto s = sl::cross_validated_probe(features, labels, {});
  const double se = std::sqrt((1.0 / classes) * (1 - 1.0 / classes) / n);
  CHECK(std::abs(s.ridge_accuracy - 1.0 / classes) < 4 * se);
  CHECK(std::abs(s.logistic_accuracy - 1.0 / classes) < 4 * se);
  // Held-out R^2 of a useless regression is at most about zero.
  CHECK(s.r_squared < 0.02);
}

TEST_CASE("held-out R^2 is one when the one-hot labels are a linear function of the features",
          "[stdlib]") {
  std::vector<int> labels;
  for (int i = 0; i < 60; ++i) labels.push_back(i % 3);
  const Eigen::MatrixXd features = sl::one_hot(labels, 3);
  const auto s = sl::cross_validated_probe(features, labels, {5, 1e-9, 1e-3});
  REQUIRE(s.r_squared == Approx(1.0).margin(1e-6));
  REQUIRE(s.ridge_accuracy == 1.0);
}

TEST_CASE("probe rejects mismatched lengths and too many folds", "[stdlib]") {
  const Eigen::MatrixXd x = Eigen::MatrixXd::Zero(4, 2);
  REQUIRE_THROWS(sl::cross_validated_probe(x, {0, 1, 0}, {}));
  REQUIRE_THROWS(sl::cross_validated_probe(x, {0, 1, 0, 1}, {5, 1e-3, 1e-3}));
}
