// The belief as unnormalised weights, against the posterior computed in log space, and the
// vectorised scan the controller decides from, against a plain scan.
#include "belief_weights.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

namespace bs = assay::belief_search;

namespace {

// The posterior after one-segment looks, in log space so that long histories do not underflow.
Eigen::VectorXd log_space_posterior(const Eigen::VectorXd& prior,
                                    const std::vector<std::pair<int, bs::LookLikelihood>>& looks) {
  Eigen::VectorXd log_p = prior.array().log();
  for (const auto& [segment, likelihood] : looks) {
    log_p.array() += likelihood.log_other;
    log_p(segment) += likelihood.log_target - likelihood.log_other;
  }
  const Eigen::VectorXd p = (log_p.array() - log_p.maxCoeff()).exp();
  return p / p.sum();
}

}  // namespace

TEST_CASE("weights follow the posterior over long histories", "[belief_search]") {
  // Mostly detections drive the total past 2^64 (rescaled); mostly misses on the heaviest
  // segment shrink it by subtraction (summed afresh); both over 3000 looks.
  const bs::SensorModel model{0.8, 0.1};
  const auto on_detection = bs::look_likelihood(model, {true, 1.0});
  const auto on_miss = bs::look_likelihood(model, {false, 0.0});
  for (double detection_rate : {0.9, 0.1}) {
    std::mt19937_64 rng(21);
    std::uniform_real_distribution<double> unit;
    Eigen::VectorXd prior = Eigen::VectorXd::Random(12).array().abs() + 0.01;
    prior /= prior.sum();
    bs::BeliefWeights weights;
    weights.reset(prior, prior.array().log());
    std::vector<std::pair<int, bs::LookLikelihood>> looks;
    double smallest_total = 1, largest_total = 1;
    for (int t = 0; t < 3000; ++t) {
      Eigen::Index heaviest = 0;
      weights.weights().maxCoeff(&heaviest);
      const int segment = unit(rng) < 0.5 ? static_cast<int>(heaviest) : int(rng() % 12);
      const auto& likelihood = unit(rng) < detection_rate ? on_detection : on_miss;
      weights.observe(segment, 1, likelihood);
      looks.emplace_back(segment, likelihood);
      smallest_total = std::min(smallest_total, weights.total());
      largest_total = std::max(largest_total, weights.total());
      if (t % 100 != 99) continue;
      const Eigen::VectorXd reference = log_space_posterior(prior, looks);
      REQUIRE((weights.weights() / weights.total() - reference).cwiseAbs().maxCoeff() < 1e-11);
      REQUIRE(weights.total() == Approx(weights.weights().sum()).epsilon(1e-12));
      REQUIRE(weights.entropy() == Approx(bs::entropy(reference)).margin(1e-11));
    }
    // Unrescaled, the total would pass 2^2000 in the first run and 2^-300 in the second.
    CHECK(largest_total < 0x1.0p68);
    CHECK(smallest_total > 0x1.0p-72);
  }
}

TEST_CASE("a reading that rules out the others leaves only the looked-at weights",
          "[belief_search]") {
  Eigen::VectorXd prior(4);
  prior << 0.1, 0.2, 0.3, 0.4;
  bs::BeliefWeights weights;
  weights.reset(prior, prior.array().log());
  const auto detection = bs::look_likelihood({1.0, 0.0}, {true, 1.0});  // no false positives
  weights.observe(1, 2, detection);
  CHECK(weights.belief(0) == 0);
  CHECK(weights.belief(1) == Approx(0.4));
  CHECK(weights.belief(2) == Approx(0.6));
  CHECK(weights.belief(3) == 0);
  CHECK(weights.entropy() == Approx(-0.4 * std::log(0.4) - 0.6 * std::log(0.6)));
}

TEST_CASE("the vectorised scan equals a plain scan, ties included", "[belief_search]") {
  // Values on a coarse grid make exact ties common, across lanes and in the tail; thresholds
  // fall on values, between them and beyond them.
  std::mt19937_64 rng(8);
  for (int n = 1; n <= 19; ++n) {
    for (int trial = 0; trial < 300; ++trial) {
      Eigen::VectorXd v(n);
      for (int k = 0; k < n; ++k) v(k) = double(rng() % 5);
      const double threshold = 0.5 * double(rng() % 11) - 0.5;
      bs::BeliefScan plain;
      plain.top = -1;
      for (int k = 0; k < n; ++k) {
        if (v(k) > plain.top) plain.top = v(k), plain.top_at = k;
        if (v(k) <= threshold && (plain.below_at < 0 || v(k) > plain.below))
          plain.below = v(k), plain.below_at = k;
        if (v(k) > threshold && (plain.above_at < 0 || v(k) < plain.above))
          plain.above = v(k), plain.above_at = k;
      }
      const bs::BeliefScan fast = bs::scan_belief(v, threshold);
      REQUIRE(fast.top == plain.top);
      REQUIRE(fast.top_at == plain.top_at);
      REQUIRE(fast.below == plain.below);
      REQUIRE(fast.below_at == plain.below_at);
      REQUIRE(fast.above == plain.above);
      REQUIRE(fast.above_at == plain.above_at);
    }
  }
}
