#include "market.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "learning_curve.hpp"
#include "market_spec.hpp"

namespace dx = assay::data_exchange;

namespace {
dx::Market two_firms(dx::Demand demand) {
  dx::Market m;
  m.sizes.resize(2);
  m.sizes << 100, 40;
  m.curves.assign(2, dx::LearningCurve::power_law(1, 1, 0.5));
  m.demand = demand;
  m.beta = 20;
  return m;
}
}  // namespace

TEST_CASE("power law and tabulated curves evaluate as defined", "[data_exchange]") {
  const auto f = dx::LearningCurve::power_law(0.9, 2.0, 0.5);
  CHECK(f(100) == Approx(0.9 - 2.0 / 10));
  // The dip at 20 is removed by the running maximum; interpolation is linear in log d.
  const auto g = dx::LearningCurve::tabulated({10, 20, 40}, {0.6, 0.5, 0.8});
  CHECK(g(5) == 0.6);
  CHECK(g(20) == Approx(0.6));
  CHECK(g(std::sqrt(20.0 * 40.0)) == Approx(0.7));
  CHECK(g(1000) == 0.8);
}

TEST_CASE("rational demand gives everything to the best and splits ties", "[data_exchange]") {
  dx::Market m = two_firms(dx::Demand::rational);
  Eigen::VectorXd a(3);
  a << 0.7, 0.9, 0.9;
  const Eigen::VectorXd s = dx::market_shares(m, a);
  CHECK(s[0] == 0);
  CHECK(s[1] == 0.5);
  CHECK(s[2] == 0.5);
}

TEST_CASE("logit shares of two firms are a logistic function of the gap", "[data_exchange]") {
  dx::Market m = two_firms(dx::Demand::logit);
  Eigen::VectorXd a(2);
  a << 0.8, 0.75;
  CHECK(dx::market_shares(m, a)[0] == Approx(1 / (1 + std::exp(-20 * 0.05))));
}

TEST_CASE("training sizes add the received fractions of the others' data", "[data_exchange]") {
  dx::Market m = two_firms(dx::Demand::rational);
  m.sizes.resize(3);
  m.sizes << 100, 40, 60;
  m.curves.resize(3, m.curves.front());
  Eigen::MatrixXd x(3, 3);
  x << 0, 0.5, 0, 0.25, 0, 0, 0, 0, 0;
  const dx::Exchange e = dx::reduce_exchange(m, x);
  CHECK(e.block[0] == e.block[1]);
  CHECK(e.block[2] != e.block[0]);
  const Eigen::VectorXd d = dx::training_sizes(m, e);
  CHECK(d[0] == Approx(100 + 0.25 * 40));
  CHECK(d[1] == Approx(40 + 0.5 * 100));
  CHECK(d[2] == Approx(60));
}

TEST_CASE("equal sharing pays each block member the block's mean share", "[data_exchange]") {
  dx::Market m = two_firms(dx::Demand::logit);
  m.equal_sharing = true;
  dx::Exchange e = dx::Exchange::autarky(2);
  CHECK(dx::payoffs(m, e).sum() == Approx(1.0));
  CHECK(dx::payoffs(m, e)[0] > 0.5);
  e.block = {0, 0};
  CHECK(dx::payoffs(m, e)[0] == Approx(0.5));
  CHECK(dx::payoffs(m, e)[1] == Approx(0.5));
}
