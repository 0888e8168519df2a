// The causal test of the mechanism: the same training (same seed, initial weights and batches)
// with every update of every weight matrix projected onto its top-k singular subspace, for
// several k, and what the samples cover at the end.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "flow_matching_study.hpp"
#include "variational_inference.hpp"

namespace assay::lowrank_collapse {

struct InterventionPoint {
  int rank = 0;  // k; 0: full-rank updates
  int modes_covered = 0;
  double weight_tv = 0;
  double off_mode_fraction = 0;
  double update_stable_rank = 0;  // final W_t - W_0, mean over layers
  double final_loss = 0;
  double nn_ratio = 0;  // flow matching only (NaN for VI)
  double kl = 0;        // VI only (NaN for flow matching)
};

std::vector<InterventionPoint> flow_matching_intervention(
    const Mixture& mixture, const Eigen::MatrixXd& training, FlowMatchingOptions options,
    const EvaluationOptions& evaluation, const std::vector<int>& ranks, std::uint64_t seed,
    const Progress& progress = {});

std::vector<InterventionPoint> vi_intervention(const Mixture& mixture, ViOptions options,
                                               int samples, const std::vector<int>& ranks,
                                               std::uint64_t seed, const Progress& progress = {});

// Spearman correlation of k (full rank ordered above every finite k) with modes covered: +1
// when coverage rises monotonically with k.
double coverage_rank_trend(const std::vector<InterventionPoint>& points);

}  // namespace assay::lowrank_collapse
