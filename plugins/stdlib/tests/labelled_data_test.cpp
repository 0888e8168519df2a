#include "labelled_data.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace sl = assay::stdlib;

TEST_CASE("gaussian clusters have balanced labels and class means at their centres", "[stdlib]") {
  std::mt19937_64 rng(3);
  const int n = 3000, dim = 4, classes = 3;
  const double noise = 0.5;
  const auto d = sl::gaussian_clusters(n, dim, classes, noise, rng);
  REQUIRE(d.x.rows() == n);
  REQUIRE(d.x.cols() == dim);
  // With zero noise every example sits exactly on its class centre: recover the centres.
  std::mt19937_64 same(3);
  const auto centres = sl::gaussian_clusters(n, dim, classes, 0.0, same);
  for (int k = 0; k < classes; ++k) {
    Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(dim);
    int count = 0;
    for (int i = 0; i < n; ++i)
      if (d.y[i] == k) mean += d.x.row(i), ++count;
    REQUIRE(count == n / classes);
    mean /= count;
    const Eigen::RowVectorXd centre = centres.x.row(k);  // example k has label k
    // Each coordinate of the class mean has standard error noise / sqrt(count).
    const double se = noise / std::sqrt(count);
    for (int j = 0; j < dim; ++j) CHECK(std::abs(mean(j) - centre(j)) < 4 * se);
  }
}

TEST_CASE("noise-free spirals lie on their arm: radius t, angle 2 pi k / K + 3 pi t", "[stdlib]") {
  std::mt19937_64 rng(5);
  const int classes = 4;
  const auto d = sl::spirals(400, 3, classes, 0.0, rng);
  for (int i = 0; i < 400; ++i) {
    const double r = d.x.row(i).head(2).norm();
    REQUIRE(r <= 1.0);
    REQUIRE(d.x(i, 2) == 0.0);
    if (r < 1e-6) continue;
    const double angle = std::atan2(d.x(i, 1), d.x(i, 0));
    const double expected = 2 * M_PI * d.y[i] / classes + 3 * M_PI * r;
    CHECK(std::abs(std::remainder(angle - expected, 2 * M_PI)) < 1e-9);
  }
}

TEST_CASE("generators are deterministic in the seed", "[stdlib]") {
  std::mt19937_64 a(11), b(11);
  const auto x = sl::spirals(50, 2, 2, 0.1, a), y = sl::spirals(50, 2, 2, 0.1, b);
  REQUIRE(x.x == y.x);
  REQUIRE(x.y == y.y);
}
