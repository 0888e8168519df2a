#include "item_bootstrap.hpp"

#include <catch2/catch.hpp>
#include <random>

namespace mc = assay::monoculture;

TEST_CASE("quantiles interpolate between order statistics", "[monoculture]") {
  const std::vector<double> v{1, 2, 3, 4, 5};
  CHECK(mc::sorted_quantile(v, 0.0) == 1.0);
  CHECK(mc::sorted_quantile(v, 0.5) == 3.0);
  CHECK(mc::sorted_quantile(v, 0.125) == Approx(1.5));
  CHECK(mc::sorted_quantile(v, 1.0) == 5.0);
}

TEST_CASE("bootstrap interval of a mean covers the truth at about its nominal rate",
          "[monoculture]") {
  // 400 data sets of 100 normal draws; a 95% percentile interval covers 0 in 95% of them up to
  // the percentile method's small-sample undercoverage (~1% at n = 100). Binomial sd of the
  // coverage over 400 data sets: 0.011; the accepted range is about +-4 sd.
  std::mt19937_64 rng(3);
  std::normal_distribution<double> normal(0.0, 1.0);
  int covered = 0;
  const int sets = 400;
  for (int s = 0; s < sets; ++s) {
    Eigen::VectorXd x(100);
    for (auto& v : x) v = normal(rng);
    const auto ci = mc::bootstrap_interval(
        x.size(),
        [&](const Eigen::MatrixXd& w) -> Eigen::VectorXd {
          return (w.transpose() * x).array() / w.colwise().sum().transpose().array();
        },
        200, 0.95, rng);
    covered += ci.low <= 0 && 0 <= ci.high;
  }
  const double coverage = covered / double(sets);
  CHECK(coverage >= 0.89);
  CHECK(coverage <= 0.995);
}

TEST_CASE("bootstrap gives NaN bounds when the statistic is mostly undefined", "[monoculture]") {
  std::mt19937_64 rng(4);
  const auto ci = mc::bootstrap_interval(
      10,
      [](const Eigen::MatrixXd& w) -> Eigen::VectorXd {
        return Eigen::VectorXd::Constant(w.cols(), std::nan(""));
      },
      50, 0.95, rng);
  CHECK(std::isnan(ci.low));
  CHECK(std::isnan(ci.high));
}
