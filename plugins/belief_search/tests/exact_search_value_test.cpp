#include "exact_search_value.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>

#include "search_evaluation.hpp"

namespace bs = assay::belief_search;

TEST_CASE("with a perfect sensor the optimal search looks in order of the prior",
          "[belief_search]") {
  Eigen::VectorXd prior(5);
  prior << 0.1, 0.35, 0.05, 0.3, 0.2;
  std::vector<double> sorted(prior.begin(), prior.end());
  std::sort(sorted.rbegin(), sorted.rend());
  // Stop on the hit, or after K-1 misses when the last segment is certain.
  double expected = 0;
  for (int i = 0; i < 4; ++i) expected += (i + 1) * sorted[i];
  expected += 4 * sorted[4];
  const auto opt = bs::exact_search_value(prior, {1.0, 0.0}, 0.99, 10, bs::LookRule::optimal);
  CHECK(opt.expected_frames == Approx(expected));
  CHECK(opt.accuracy == Approx(1.0));
}

TEST_CASE("the optimal policy never needs more frames than information gain", "[belief_search]") {
  Eigen::VectorXd prior(4);
  prior << 0.4, 0.3, 0.2, 0.1;
  for (double fpr : {0.05, 0.15, 0.3}) {
    const bs::SensorModel sensor{0.8, fpr};
    const auto ig = bs::exact_search_value(prior, sensor, 0.9, 10, bs::LookRule::information_gain);
    const auto opt = bs::exact_search_value(prior, sensor, 0.9, 10, bs::LookRule::optimal);
    CHECK(opt.expected_frames <= ig.expected_frames + 1e-12);
  }
}

TEST_CASE("exact controller value matches simulation", "[belief_search]") {
  Eigen::VectorXd prior(5);
  prior << 0.3, 0.3, 0.2, 0.1, 0.1;
  const bs::SensorModel sensor{0.75, 0.15};
  const auto exact =
      bs::exact_search_value(prior, sensor, 0.85, 10, bs::LookRule::information_gain);
  bs::SearchSettings s;
  s.frame_budget = 10;
  s.stop_threshold = 0.85;
  s.belief_model = sensor;
  std::vector<bs::EpisodeOutcome> outcomes;
  for (int i = 0; i < 5000; ++i)
    outcomes.push_back(bs::run_search(bs::sample_episode_with_prior(prior, 0.4, 8, i), sensor, s));
  const auto sum = bs::summarise(outcomes);
  CHECK(std::abs(sum.mean_frames - exact.expected_frames) < 4 * sum.frames_se);
  CHECK(std::abs(sum.accuracy - exact.accuracy) < 4 * sum.accuracy_se);
}
