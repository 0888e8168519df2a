#include "measured_curve.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

namespace dx = assay::data_exchange;

TEST_CASE("a measured ridge learning curve rises towards the Bayes accuracy", "[data_exchange]") {
  dx::ClassificationTask task;
  task.pool = 2000;
  task.test = 4000;
  std::mt19937_64 rng(5);
  const auto c = dx::measure_learning_curve(task, 10, 20, rng);
  REQUIRE(c.sizes.front() == 2);
  REQUIRE(c.sizes.back() == 2000);
  // sign(w.x) and sign(w.x + s e) agree with probability 1 - arccos(1/sqrt(1+s^2))/pi.
  const double bayes = 1 - std::acos(1 / std::sqrt(1 + task.label_noise * task.label_noise)) / M_PI;
  const double test_se = std::sqrt(bayes * (1 - bayes) / task.test);
  CHECK(c.accuracy.back() <= bayes + 4 * test_se);
  // Excess error of least squares with p features on n examples is of order p/n.
  CHECK(c.accuracy.back() >= bayes - 4 * test_se - double(task.dimension) / task.pool);
  CHECK(c.accuracy.back() - c.accuracy.front() > 4 * c.standard_error.front());
}
