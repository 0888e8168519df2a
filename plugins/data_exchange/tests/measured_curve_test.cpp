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

TEST_CASE("a curve measured on a given data set holds out 30% and rises to its Bayes accuracy",
          "[data_exchange]") {
  // 2000 rows: 4 features, label sign(x_0 + 0.5 e) in the last column.
  std::mt19937_64 rng(8);
  std::normal_distribution<double> normal;
  Eigen::MatrixXd data(2000, 5);
  for (Eigen::Index i = 0; i < data.rows(); ++i) {
    for (int k = 0; k < 4; ++k) data(i, k) = normal(rng);
    data(i, 4) = data(i, 0) + 0.5 * normal(rng) >= 0 ? 1.0 : 0.0;
  }
  const auto c = dx::measure_learning_curve(data, 1.0, 8, 20, rng);
  REQUIRE(c.sizes.front() == 2);
  REQUIRE(c.sizes.back() == 1400);  // the training pool: 70% of the rows
  const double bayes = 1 - std::acos(1 / std::sqrt(1 + 0.25)) / M_PI;
  const double test_se = std::sqrt(bayes * (1 - bayes) / 600);
  CHECK(c.accuracy.back() <= bayes + 4 * test_se);
  CHECK(c.accuracy.back() >= bayes - 4 * test_se - 4.0 / 1400);
  CHECK(c.accuracy.back() - c.accuracy.front() > 4 * c.standard_error.front());
  CHECK_THROWS_AS(dx::measure_learning_curve(Eigen::MatrixXd::Zero(2, 3), 1.0, 8, 20, rng),
                  std::invalid_argument);
}
