#include "claims.hpp"

#include <algorithm>
#include <assay/context.hpp>  // derive_seed: each claim draws from its own stream of the seed
#include <cmath>
#include <random>

#include "classification.hpp"
#include "labelled_data.hpp"
#include "linear_probe.hpp"

namespace assay::stdlib {

namespace {

// Binomial standard error of an accuracy p over n examples.
double accuracy_se(double p, int n) { return std::sqrt(p * (1 - p) / n); }

CheckResult chance_on_noise(const CheckContext& ctx) {
  std::mt19937_64 rng(assay::derive_seed(ctx.seed, 1));
  auto noise = gaussian_clusters(600, 5, 3, 1.0, rng);
  auto labels = gaussian_clusters(600, 1, 3, 1.0, rng).y;
  std::shuffle(labels.begin(), labels.end(), rng);
  const auto s = cross_validated_probe(noise.x, labels, {});
  return expect_near(s.logistic_accuracy, 1.0 / 3, 4 * accuracy_se(1.0 / 3, 600),
                     "logistic accuracy vs 1/3");
}

CheckResult separates_clusters(const CheckContext& ctx) {
  std::mt19937_64 rng(assay::derive_seed(ctx.seed, 2));
  const auto d = gaussian_clusters(400, 5, 4, 0.05, rng);
  const auto s = cross_validated_probe(d.x, d.y, {});
  return expect_at_least(std::min(s.ridge_accuracy, s.logistic_accuracy), 1.0,
                         "min(ridge, logistic) accuracy");
}

CheckResult interval_covers_chance(const CheckContext& ctx) {
  std::mt19937_64 rng(assay::derive_seed(ctx.seed, 3));
  auto noise = gaussian_clusters(400, 4, 2, 1.0, rng);
  auto labels = noise.y;
  std::shuffle(labels.begin(), labels.end(), rng);
  const auto s = classify(noise.x, labels, 5, 1e-2, two_sided_normal_quantile(0.99));
  const double miss = std::max({0.0, s.ci_low - 0.5, 0.5 - s.ci_high});
  return expect_at_most(miss, 0.0, "distance from 1/2 to the interval");
}

}  // namespace

std::vector<Claim> linear_probe_claims() {
  return {{"chance_on_noise",
           "Features independent of the labels give held-out accuracy 1/classes (3 classes, 600 "
           "examples, within 4 binomial standard errors).",
           chance_on_noise},
          {"separates_clusters",
           "Well separated Gaussian clusters (noise 0.05, dim 5, 4 classes) are decoded perfectly "
           "by both probes.",
           separates_clusters}};
}

std::vector<Claim> classify_claims() {
  return {{"interval_covers_chance",
           "On features independent of the labels (2 classes, 400 examples) the 99% interval "
           "contains the chance accuracy 1/2.",
           interval_covers_chance}};
}

}  // namespace assay::stdlib
