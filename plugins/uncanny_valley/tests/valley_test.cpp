#include "valley.hpp"

#include <catch2/catch.hpp>

namespace uv = assay::uncanny_valley;

namespace {

// Predictions of `examples` balanced examples at each rate: right with probability accuracy(p).
std::vector<uv::RatePredictions> synthetic(const std::vector<double>& rates,
                                           double (*accuracy)(double), int examples,
                                           std::mt19937_64& rng) {
  std::vector<uv::RatePredictions> out;
  for (auto kind : {uv::Perturbation::random, uv::Perturbation::regular})
    for (double p : rates) {
      uv::RatePredictions r{kind, p, {}, {}};
      std::bernoulli_distribution right(kind == uv::Perturbation::random ? accuracy(p) : 0.9);
      for (int i = 0; i < examples; ++i) {
        r.truth.push_back(i % 2 == 0);
        r.predicted.push_back(right(rng) ? r.truth.back() : 1 - r.truth.back());
      }
      out.push_back(std::move(r));
    }
  return out;
}

const std::vector<double> kRates{0, 0.1, 0.3, 0.5, 0.7, 0.9, 1};

}  // namespace

TEST_CASE("a U-shaped F1 curve has a valley whose interval excludes 0", "[uncanny_valley]") {
  std::mt19937_64 rng(4);
  const auto u = synthetic(
      kRates, [](double p) { return p == 0.5 ? 0.55 : 0.9; }, 400, rng);
  const auto v = uv::valley(u, uv::Perturbation::random, 500, rng);
  CHECK(v.p_star == 0.5);
  CHECK(v.depth.lower > 0);
  CHECK(v.recovery.lower > 0);
  // The regular curve is flat at 0.9: its valley is shallower.
  CHECK(uv::depth_difference(u, 500, rng).lower > 0);
  CHECK(uv::share_of_minima_above(u, uv::Perturbation::random, 0.3, 200, rng) > 0.95);
  const auto curve = uv::f1_curve(u, 200, rng);
  REQUIRE(curve.size() == 2 * kRates.size());
  for (const auto& point : curve)
    CHECK((point.f1.lower <= point.f1.value && point.f1.value <= point.f1.upper));
}

TEST_CASE("a monotone decline shows no valley", "[uncanny_valley]") {
  std::mt19937_64 rng(6);
  const auto down = synthetic(
      kRates, [](double p) { return 0.95 - 0.4 * p; }, 400, rng);
  const auto v = uv::valley(down, uv::Perturbation::random, 500, rng);
  CHECK(v.depth.lower <= 0);
  CHECK(v.recovery.upper < 0);
  REQUIRE_THROWS_WITH(uv::valley({down[1], down[2]}, uv::Perturbation::random, 10, rng),
                      Catch::Contains("p = 0, p = 1"));
}
