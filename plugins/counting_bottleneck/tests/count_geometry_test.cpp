#include "count_geometry.hpp"

#include <catch2/catch.hpp>

namespace cb = assay::counting_bottleneck;

TEST_CASE("the count subspace is where the per-count means move", "[counting_bottleneck]") {
  const int dim = 8;
  Eigen::MatrixXd x(90, dim);
  std::vector<int> labels;
  std::mt19937_64 rng(1);
  std::normal_distribution<double> z(0, 0.01);
  for (int i = 0; i < 90; ++i) {
    const int c = 1 + i % 9;
    for (int j = 0; j < dim; ++j) x(i, j) = z(rng);
    x(i, 2) += std::cos(c * 0.3);  // an arc in the (2, 5) plane
    x(i, 5) += std::sin(c * 0.3);
    labels.push_back(c);
  }
  const Eigen::MatrixXd q = cb::count_subspace(x, labels, 2);
  CHECK(q.row(2).squaredNorm() + q.row(5).squaredNorm() > 0.99 * 2);
  REQUIRE_THROWS_WITH(cb::count_subspace(x, labels, 9), Catch::Contains("rank: 9"));
}

TEST_CASE("alignment is 1 inside the rows' span, 0 outside, chance for random rows",
          "[counting_bottleneck]") {
  const int dim = 20;
  std::mt19937_64 rng(2);
  Eigen::MatrixXd rows = Eigen::MatrixXd::Zero(5, dim);
  for (int i = 0; i < 5; ++i) rows(i, i) = 1 + i;  // span: coordinates 0..4
  Eigen::MatrixXd inside = Eigen::MatrixXd::Zero(dim, 2), outside = inside;
  inside(0, 0) = inside(3, 1) = 1;
  outside(10, 0) = outside(15, 1) = 1;
  const auto in = cb::align(inside, rows, 200, rng);
  CHECK(in.mean_cos2 == Approx(1.0));
  CHECK(in.p_closer == Approx(1.0 / 201));
  const auto out = cb::align(outside, rows, 200, rng);
  CHECK(out.mean_cos2 == Approx(0.0).margin(1e-12));
  CHECK(out.p_closer == Approx(1.0));
  // A random 2-subspace against a 5-dimensional span in R^20: E[mean cos^2] = 5 / 20, and the
  // null's mean of 200 draws has sd well under 0.02.
  CHECK(in.null_mean == Approx(0.25).margin(0.03));
  CHECK(in.null_q05 < in.null_mean);
  CHECK(in.null_q95 > in.null_mean);
}

TEST_CASE("the shuffled-count null separates the count from where the data varies",
          "[counting_bottleneck]") {
  // Coordinates 0..2 vary a lot for every example; the count moves coordinate 1 only. Rows
  // span coordinates 0..2, so random subspaces rarely come close, but shuffled counts do too.
  const int dim = 10, n = 270;
  std::mt19937_64 rng(3);
  std::normal_distribution<double> z(0, 1);
  Eigen::MatrixXd x(n, dim);
  std::vector<int> counts, blind;
  for (int i = 0; i < n; ++i) {
    const int c = 1 + i % 9;
    for (int j = 0; j < dim; ++j) x(i, j) = (j < 3 ? 5.0 : 0.1) * z(rng);
    counts.push_back(c);
    blind.push_back(1 + static_cast<int>(rng() % 9));
    x(i, 1) += 2.0 * c;
  }
  Eigen::MatrixXd rows = Eigen::MatrixXd::Zero(3, dim);
  rows(0, 0) = rows(1, 1) = rows(2, 2) = 1;
  const auto real = cb::align_shuffled(x, counts, 1, rows, 200, rng);
  CHECK(real.p_closer < 0.05);
  // Labels that carry no count: their subspace is as close as shuffled ones (p uniform; the
  // margin leaves a 1-in-20 chance below 0.05 out of the seeds we fix here).
  const auto none = cb::align_shuffled(x, blind, 1, rows, 200, rng);
  CHECK(none.p_closer > 0.05);
  CHECK(none.mean_cos2 > 0.5);  // both live where the data varies
  CHECK(cb::align(cb::count_subspace(x, blind, 1), rows, 200, rng).p_closer < 0.05);
}
