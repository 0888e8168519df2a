#include "standard_normal.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "search_episode.hpp"

namespace bs = assay::belief_search;

namespace {

struct CountingStream {
  std::uint64_t seed;
  std::uint64_t draws = 0;
  std::uint64_t operator()() { return assay::mix_seed(seed, draws++); }
};

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

}  // namespace

TEST_CASE("ziggurat layers all have the area V", "[belief_search]") {
  const auto& t = bs::ziggurat_tables();
  const double v = bs::ZigguratTables::kLayerArea;
  const double r = bs::ZigguratTables::kTailStart;
  // Base layer: rectangle under f(R) plus the tail beyond R.
  const double tail = std::sqrt(M_PI / 2) * std::erfc(r / std::sqrt(2.0));
  CHECK(r * std::exp(-0.5 * r * r) + tail == Approx(v).epsilon(1e-8));
  // Layers 1 .. 127, the last one reaching the density's peak f(0) = 1.
  for (int i = 1; i < bs::ZigguratTables::kLayers; ++i)
    CHECK(t.x[i] * (t.f[i + 1] - t.f[i]) == Approx(v).epsilon(1e-8));
}

TEST_CASE("ziggurat draws are standard normal", "[belief_search]") {
  CountingStream stream{12345};
  const auto& tables = bs::ziggurat_tables();
  const int n = 400000;
  // 20 bins of equal probability under N(0, 1), edges by bisection on the CDF.
  const int bins = 20;
  std::vector<double> edges(bins - 1);
  for (int b = 1; b < bins; ++b) {
    double lo = -10, hi = 10;
    for (int it = 0; it < 200; ++it) {
      const double mid = (lo + hi) / 2;
      (normal_cdf(mid) < static_cast<double>(b) / bins ? lo : hi) = mid;
    }
    edges[b - 1] = lo;
  }
  std::vector<double> counts(bins, 0);
  double sum = 0, sum_sq = 0, sum_4 = 0, tail = 0;
  for (int i = 0; i < n; ++i) {
    const double z = bs::standard_normal(stream, tables);
    sum += z, sum_sq += z * z, sum_4 += z * z * z * z;
    tail += std::abs(z) > bs::ZigguratTables::kTailStart;
    int b = 0;
    while (b < bins - 1 && z > edges[b]) ++b;
    ++counts[b];
  }
  const double mean = sum / n, var = sum_sq / n - mean * mean;
  CHECK(std::abs(mean) <= 4 / std::sqrt(n));
  CHECK(std::abs(var - 1) <= 4 * std::sqrt(2.0 / n));
  CHECK(std::abs(sum_4 / n - 3) <= 4 * std::sqrt(96.0 / n));
  const double p_tail = 2 * (1 - normal_cdf(bs::ZigguratTables::kTailStart));
  CHECK(std::abs(tail / n - p_tail) <= 4 * std::sqrt(p_tail * (1 - p_tail) / n));
  double chi_square = 0;
  for (double c : counts) chi_square += (c - n / bins) * (c - n / bins) / (n / bins);
  // 19 degrees of freedom: P(chi^2 > 45) ~ 7e-4.
  CHECK(chi_square < 45);
}
