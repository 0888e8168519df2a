#include "flow_matching_study.hpp"

#include <algorithm>

#include "random_streams.hpp"

namespace assay::lowrank_collapse {

FlowMatchingReport flow_matching_study(const Mixture& mixture, const Eigen::MatrixXd& training,
                                       const FlowMatchingOptions& options,
                                       const EvaluationOptions& evaluation, std::uint64_t seed,
                                       const Progress& progress) {
  auto rng = stream_rng(seed, 0x5a3);
  // Fresh target draws: the yardstick of the nearest-neighbour distance.
  const Eigen::MatrixXd fresh = sample(mixture, std::max(evaluation.samples, 1), rng).x;
  FlowMatchingReport r;
  const auto on_log = [&](int, const VelocityField& field) {
    if (evaluation.log_samples <= 0) return;
    const auto x = sample_flow(field, evaluation.log_samples, {Solver::rk4, 20, 0}, rng).x;
    const auto c = mode_coverage(mixture, x);
    r.history.modes_covered.push_back(c.covered);
    r.history.weight_tv.push_back(c.weight_tv);
    r.history.nn_ratio.push_back(memorisation(x, training, fresh).ratio);
  };
  auto fit = train_flow_matching(training, options, seed, on_log, progress);
  r.log = std::move(fit.log);
  auto solution = sample_flow(fit.field, evaluation.samples, evaluation.sampler, rng);
  r.samples = std::move(solution.x);
  r.evaluations = solution.evaluations;
  r.coverage = mode_coverage(mixture, r.samples);
  r.memorisation = memorisation(r.samples, training, fresh);
  return r;
}

}  // namespace assay::lowrank_collapse
