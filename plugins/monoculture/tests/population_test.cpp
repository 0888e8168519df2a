#include "population.hpp"

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "irt_model.hpp"

namespace mc = assay::monoculture;

namespace {

// A population of `models` identical models (theta = ability) on `items` items with b = 0.
mc::PopulationTruth fixed_truth(int models, int items, double ability, int clusters) {
  mc::PopulationSpec spec;
  spec.models = models;
  spec.items = items;
  spec.clusters = clusters;
  std::mt19937_64 rng(1);
  mc::PopulationTruth t = mc::draw_truth(spec, rng);
  t.ability.setConstant(ability);
  t.difficulty.setZero();
  return t;
}

}  // namespace

TEST_CASE("simulated accuracy matches the response probability", "[monoculture]") {
  const mc::PopulationTruth t = fixed_truth(2, 20000, 0.7, 1);
  std::mt19937_64 rng(2);
  const auto d = mc::draw_responses(t, rng);
  const double p = mc::sigmoid(0.7), se = std::sqrt(p * (1 - p) / 20000);
  CHECK(std::abs(d.responses.row(0).mean() - p) <= 4 * se);
  CHECK(((d.choices.array() == 0) == (d.responses.array() == 1)).all());
}

TEST_CASE("a shared-error loading makes a cluster fail together as the closed form says",
          "[monoculture]") {
  // Two models of one cluster with loading lambda, theta = b = 0: P(both right) =
  // integral of sigma(lambda z)^2 phi(z) dz; two clusters: independent, 1/4.
  const double lambda = 2.0;
  auto both_right = [](const mc::PopulationDraw& d, int i, int k) {
    return (d.responses.row(i).array() * d.responses.row(k).array()).mean();
  };
  mc::PopulationTruth t = fixed_truth(3, 20000, 0.0, 2);  // models 0, 2 in cluster 0; 1 in 1
  t.shared_error_loading.setConstant(lambda);
  std::mt19937_64 rng(3);
  const auto d = mc::draw_responses(t, rng);
  const double closed = boost::math::quadrature::gauss_kronrod<double, 61>::integrate(
      [&](double z) {
        const double s = mc::sigmoid(lambda * z);
        return s * s * std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI);
      },
      -INFINITY, INFINITY);
  const double se = std::sqrt(closed * (1 - closed) / 20000);
  CHECK(std::abs(both_right(d, 0, 2) - closed) <= 4 * se);
  CHECK(std::abs(both_right(d, 0, 1) - 0.25) <= 4 * std::sqrt(0.25 * 0.75 / 20000));
}

TEST_CASE("wrong options follow the item's popularity", "[monoculture]") {
  mc::PopulationTruth t = fixed_truth(200, 1, -3.0, 1);  // mostly wrong
  t.option_popularity.resize(1, 3);
  t.option_popularity << 0.6, 0.3, 0.1;
  std::mt19937_64 rng(4);
  double first = 0, wrong = 0;
  for (int r = 0; r < 50; ++r) {
    const auto d = mc::draw_responses(t, rng);
    first += (d.choices.array() == 1).count();
    wrong += (d.responses.array() == 0).count();
  }
  CHECK(std::abs(first / wrong - 0.6) <= 4 * std::sqrt(0.6 * 0.4 / wrong));
}
