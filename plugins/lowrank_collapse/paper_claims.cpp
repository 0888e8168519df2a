#include "paper_claims.hpp"

#include <set>
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

}  // namespace assay::lowrank_collapse
