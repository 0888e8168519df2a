#include "paper_claims.hpp"

#include <limits>
#include <set>
#include <string>
#include <vector>

#include "flow_matching_study.hpp"
#include "random_streams.hpp"
#include "rank_intervention.hpp"

namespace assay::lowrank_collapse {
namespace {

constexpr int kResamples = 2000;
constexpr double kLevel = 0.95;

Mixture ring_target() { return make_mixture({2, 8, 3.0, 0.25, 4.0, Layout::ring}); }

Eigen::MatrixXd training_set(const Mixture& m, int n, std::uint64_t seed) {
  auto rng = stream_rng(seed, 0xda7a);
  return sample(m, n, rng).x;
}

EvaluationOptions quick_evaluation() { return {{Solver::rk4, 20, 0}, 1000, 0}; }

CorrelationClaim correlate(const std::vector<double>& x, const std::vector<double>& y,
                           std::uint64_t seed) {
  const Eigen::VectorXd vx = Eigen::Map<const Eigen::VectorXd>(x.data(), x.size());
  const Eigen::VectorXd vy = Eigen::Map<const Eigen::VectorXd>(y.data(), y.size());
  auto rng = stream_rng(seed, 0xb007);
  CorrelationClaim c{spearman_interval(vx, vy, kResamples, kLevel, rng), static_cast<int>(x.size()),
                     static_cast<int>(std::set<double>(y.begin(), y.end()).size())};
  return c;
}

}  // namespace

CorrelationClaim rank_predicts_coverage_claim(std::uint64_t seed) {
  const auto target = ring_target();
  const auto training = training_set(target, 2000, seed);
  std::vector<double> stable_rank, covered;
  for (std::uint64_t replicate = 0; replicate < 2; ++replicate)
    for (double init_scale : {0.25, 1.0, 4.0})
      for (int width : {16, 64})
        for (double lr : {1e-4, 1e-3}) {
          FlowMatchingOptions o;
          o.shape = {width, 2, nn::Activation::silu, init_scale};
          o.schedule = {lr, 1500, 1500, 0};
          const auto r =
              flow_matching_study(target, training, o, quick_evaluation(), seed * 100 + replicate);
          stable_rank.push_back(final_layer_mean(r.log.update_stable_rank));
          covered.push_back(r.coverage.covered);
        }
  return correlate(stable_rank, covered, seed);
}

namespace {

CorrelationClaim fm_intervention(const Mixture& target, std::uint64_t seed) {
  const auto training = training_set(target, 2000, seed);
  std::vector<double> k, covered;
  FlowMatchingOptions o;
  o.schedule = {1e-3, 1000, 1000, 0};
  for (std::uint64_t r = 0; r < 3; ++r)
    for (const auto& p : flow_matching_intervention(target, training, o, quick_evaluation(),
                                                    {1, 2, 4, 0}, seed * 100 + r)) {
      k.push_back(p.rank > 0 ? p.rank : 64);
      covered.push_back(p.modes_covered);
    }
  return correlate(k, covered, seed);
}

}  // namespace

CorrelationClaim fm_intervention_claim(std::uint64_t seed) {
  return fm_intervention(ring_target(), seed);
}

CorrelationClaim fm_intervention_10d_claim(std::uint64_t seed) {
  return fm_intervention(make_mixture({10, 8, 3.0, 0.25, 4.0, Layout::simplex}), seed);
}

CorrelationClaim vi_intervention_claim(std::uint64_t seed) {
  const auto target = ring_target();
  std::vector<double> k, covered;
  ViOptions o;
  o.shape = {4, 32, 2, nn::Activation::silu, 1};
  o.schedule = {1e-3, 400, 400, 0};
  for (std::uint64_t r = 0; r < 3; ++r)
    for (const auto& p : vi_intervention(target, o, 1000, {1, 2, 4, 0}, seed * 100 + r)) {
      k.push_back(p.rank > 0 ? p.rank : 32);
      covered.push_back(p.modes_covered);
    }
  return correlate(k, covered, seed);
}

CorrelationClaim memorisation_claim(std::uint64_t seed) {
  const auto target = ring_target();
  const auto training = training_set(target, 16, seed);
  std::vector<double> effective_rank, ratio;
  for (int width : {16, 32, 64, 128})
    for (int steps : {300, 1000, 3000}) {
      FlowMatchingOptions o;
      o.shape.width = width;
      o.schedule = {3e-3, steps, steps, 0};
      const auto r = flow_matching_study(target, training, o, quick_evaluation(), seed);
      effective_rank.push_back(final_layer_mean(r.log.update_effective_rank));
      ratio.push_back(r.memorisation.ratio);
    }
  return correlate(effective_rank, ratio, seed);
}

namespace {

std::string ci_text(const CorrelationClaim& c) {
  return "Spearman " + number_text(c.spearman.estimate) + ", 95% bootstrap CI [" +
         number_text(c.spearman.low) + ", " + number_text(c.spearman.high) + "] over " +
         std::to_string(c.runs) + " runs, " + std::to_string(c.distinct_outcomes) +
         " distinct outcomes";
}

// A claim that the correlation is positive: the CI's lower end must exceed 0. Without
// variation in the outcome there is no ordering to predict, and the claim fails.
CheckResult positive_correlation(const CorrelationClaim& c) {
  const double low =
      c.distinct_outcomes > 1 ? c.spearman.low : std::numeric_limits<double>::quiet_NaN();
  return expect_at_least(low, std::numeric_limits<double>::min(),
                         "lower end of the CI must exceed 0; " + ci_text(c));
}

CheckResult negative_correlation(const CorrelationClaim& c) {
  const double high =
      c.distinct_outcomes > 1 ? c.spearman.high : std::numeric_limits<double>::quiet_NaN();
  return expect_at_most(high, -std::numeric_limits<double>::min(),
                        "upper end of the CI must be below 0; " + ci_text(c));
}

}  // namespace

std::vector<Claim> flow_matching_train_claims() {
  return {
      {"rank_predicts_coverage",
       "Across init scale (0.25, 1, 4) x width (16, 64) x lr (1e-4, 1e-3) x 2 seeds, 1500 steps "
       "on the 8-mode ring, the stable rank of the accumulated update W_T - W_0 predicts the "
       "modes covered: Spearman's correlation is positive, its 95% bootstrap CI excluding 0.",
       [](const CheckContext& ctx) {
         return positive_correlation(rank_predicts_coverage_claim(ctx.seed));
       },
       does_not_reproduce("the stable rank of W_T - W_0 does not order the modes covered at "
                          "check scale (Spearman about -0.06, CI spanning 0)",
                          "README.md#claim-1")},
      {"memorisation_tracks_rank",
       "On a 16-point training set, across width (16, 32, 64, 128) x training length (300, "
       "1000, 3000 steps), samples approach the training points as the effective rank of the "
       "accumulated update grows: Spearman's correlation of that rank with the "
       "nearest-neighbour ratio is negative, its 95% bootstrap CI excluding 0.",
       [](const CheckContext& ctx) { return negative_correlation(memorisation_claim(ctx.seed)); }},
  };
}

std::vector<Claim> rank_intervention_claims() {
  return {
      {"intervention_monotone_fm",
       "Flow matching on the 8-mode ring (width 64, 1000 steps, 3 seeds): mode coverage rises "
       "with the rank k of the updates (k = 1, 2, 4, full): Spearman's correlation of k with "
       "modes covered is positive, its 95% bootstrap CI excluding 0.",
       [](const CheckContext& ctx) {
         return positive_correlation(fm_intervention_claim(ctx.seed));
       },
       does_not_reproduce("on the 2-d ring every run covers all 8 modes at every k: no collapse "
                          "for the rank to order",
                          "README.md#claim-2")},
      {"intervention_monotone_fm_10d",
       "The same flow-matching intervention on a 10-d mixture of 8 modes at the corners of a "
       "simplex (pairwise distance 3, sd 0.25, weight ratio 4; width 64, 1000 steps, 3 seeds): "
       "Spearman's correlation of k with modes covered is positive, its 95% bootstrap CI "
       "excluding 0.",
       [](const CheckContext& ctx) {
         return positive_correlation(fm_intervention_10d_claim(ctx.seed));
       }},
      {"intervention_monotone_vi",
       "Reverse-KL VI with a 4-layer coupling flow on the 8-mode ring (width 32, 400 steps, 3 "
       "seeds): mode coverage rises with k; Spearman's CI excludes 0.",
       [](const CheckContext& ctx) {
         return positive_correlation(vi_intervention_claim(ctx.seed));
       },
       does_not_reproduce("reverse-KL VI collapses onto few modes at every k, full rank "
                          "included: the rank does not order coverage",
                          "README.md#variational-inference")},
  };
}

}  // namespace assay::lowrank_collapse
