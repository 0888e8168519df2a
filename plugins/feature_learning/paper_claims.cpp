#include "paper_claims.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "feature_dynamics.hpp"
#include "feq_identity.hpp"
#include "labelled_data.hpp"

namespace assay::feature_learning {
namespace {

constexpr int kSeeds = 3;
constexpr int kOptimiserSeeds = 5;
constexpr int kSteps = 300;

Dynamics clusters_run(std::uint64_t seed, int replicate, Optimiser optimiser,
                      int log_interval = 10) {
  std::mt19937_64 rng(seed * 1000 + replicate);
  const auto d = stdlib::gaussian_clusters(200, 8, 4, 1.0, rng);
  return train_feature_dynamics(d.x, d.y, {8, 32, 4, 4, "tanh"},
                                {optimiser, 0.2, kSteps, log_interval}, seed * 1000 + replicate);
}

struct MeanSe {
  double mean = 0, se = 0;
};
MeanSe mean_se(const std::vector<double>& v) {
  double m = 0, ss = 0;
  for (double x : v) m += x;
  m /= v.size();
  for (double x : v) ss += (x - m) * (x - m);
  return {m, std::sqrt(ss / (v.size() - 1) / v.size())};
}

}  // namespace

SlopeClaim identity_slope_claim(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto d = stdlib::spirals(200, 2, 3, 0.05, rng);
  Eigen::VectorXd etas(4);
  etas << 1e-4, 1e-3, 1e-2, 1e-1;
  const auto c = trained_identity_curve(d.x, d.y, {2, 32, 3, 3, "tanh"}, 0.2, 100, etas, seed);
  SlopeClaim claim{c.slope(0)};
  for (Eigen::Index l = 1; l < c.slope.size(); ++l)
    if (std::abs(c.slope(l) - 1) > std::abs(claim.worst_slope - 1)) claim.worst_slope = c.slope(l);
  return claim;
}

DepthClaim depth_claim(std::uint64_t seed) {
  std::vector<double> gains;
  DepthClaim claim{0, 0, 0, 1};
  for (int r = 0; r < kSeeds; ++r) {
    const auto d = clusters_run(seed, r, Optimiser::sgd);
    const auto s = summarise(d);
    gains.push_back(s.tl_last_hidden - s.tl_first_hidden);
    const auto last = d.target_linearity.rows() - 1, half = d.target_linearity.cols() / 2;
    claim.worst_approach = std::max(claim.worst_approach,
                                    (1 - s.tl_last_hidden) / (1 - d.target_linearity(last, half)));
    claim.min_accuracy = std::min(claim.min_accuracy, d.final_accuracy);
  }
  const auto g = mean_se(gains);
  claim.mean_gain = g.mean;
  claim.gain_se = g.se;
  return claim;
}

OrderClaim sequential_order_claim(std::uint64_t seed) {
  std::vector<double> agreement;
  for (int r = 0; r < kSeeds; ++r)
    agreement.push_back(summarise(clusters_run(seed, r, Optimiser::sgd)).rise_order_agreement);
  const auto a = mean_se(agreement);
  return {a.mean, a.se};
}

OptimiserClaim gram_whitened_claim(std::uint64_t seed) {
  std::vector<double> log_ratios;
  OptimiserClaim claim;
  for (int r = 0; r < kOptimiserSeeds; ++r) {
    // Only the final loss matters here: log just the first and last step.
    const double sgd = clusters_run(seed, r, Optimiser::sgd, kSteps).final_loss;
    const double whitened = clusters_run(seed, r, Optimiser::gram_whitened, kSteps).final_loss;
    claim.sgd_loss += sgd / kOptimiserSeeds;
    claim.gram_whitened_loss += whitened / kOptimiserSeeds;
    log_ratios.push_back(std::log(whitened / sgd));
  }
  const auto l = mean_se(log_ratios);
  claim.mean_log_ratio = l.mean;
  claim.log_ratio_se = l.se;
  claim.ratio = std::exp(l.mean);
  claim.ratio_upper = std::exp(l.mean + 2 * l.se);
  return claim;
}

}  // namespace assay::feature_learning
