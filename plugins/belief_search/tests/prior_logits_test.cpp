#include <boost/math/special_functions/erf.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "search_episode.hpp"

namespace bs = assay::belief_search;

TEST_CASE("prior logits are independent standard normals scaled by the prior quality",
          "[belief_search]") {
  // Two segments: the logits' difference (unchanged by the shift to a maximum of 0) is
  // N(0, 2 q^2) when the logits are independent N(0, q^2).
  bs::EpisodeConfig config;
  config.segments = 2;
  config.prior_quality = 1.5;
  const int n = 200000, bins = 20;
  std::vector<double> edges;  // equal-probability bins of N(0, 1)
  for (int b = 1; b < bins; ++b)
    edges.push_back(-std::sqrt(2.0) * boost::math::erfc_inv(2.0 * b / bins));
  std::vector<double> counts(bins, 0);
  double sum = 0, sum_sq = 0, sum_4 = 0;
  bs::Episode e;
  for (int i = 0; i < n; ++i) {
    bs::sample_episode_into(config, 77, i, e);
    const double z = (e.log_prior_weights(0) - e.log_prior_weights(1)) / (std::sqrt(2.0) * 1.5);
    sum += z, sum_sq += z * z, sum_4 += z * z * z * z;
    int b = 0;
    while (b < bins - 1 && z > edges[b]) ++b;
    ++counts[b];
  }
  const double mean = sum / n, var = sum_sq / n - mean * mean;
  CHECK(std::abs(mean) <= 4 / std::sqrt(n));
  CHECK(std::abs(var - 1) <= 4 * std::sqrt(2.0 / n));
  CHECK(std::abs(sum_4 / n - 3) <= 4 * std::sqrt(96.0 / n));
  double chi_square = 0;
  for (double c : counts) chi_square += (c - n / bins) * (c - n / bins) / (n / bins);
  // 19 degrees of freedom: P(chi^2 > 45) ~ 7e-4.
  CHECK(chi_square < 45);
}

TEST_CASE("the prior test sees logits of the wrong scale", "[belief_search]") {
  // The same statistic with the scale taken as 1 instead of 1.5: the variance test must fail.
  bs::EpisodeConfig config;
  config.segments = 2;
  config.prior_quality = 1.5;
  const int n = 20000;
  double sum_sq = 0;
  bs::Episode e;
  for (int i = 0; i < n; ++i) {
    bs::sample_episode_into(config, 77, i, e);
    const double z = (e.log_prior_weights(0) - e.log_prior_weights(1)) / std::sqrt(2.0);
    sum_sq += z * z;
  }
  CHECK(std::abs(sum_sq / n - 1) > 4 * std::sqrt(2.0 / n));
}
