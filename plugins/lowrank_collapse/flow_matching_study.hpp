// A flow-matching run on a Gaussian-mixture training set, evaluated the way the paper's claims
// need: rank logs over training, and at each logged step and at the end the modes the samples
// cover and how close they sit to the training points.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "flow_matching.hpp"
#include "gaussian_mixture.hpp"
#include "sample_quality.hpp"

namespace assay::lowrank_collapse {

struct EvaluationOptions {
  SamplerOptions sampler;  // for the final samples
  int samples = 2000;      // final samples
  int log_samples = 500;   // samples at each logged step (RK4, 20 steps); 0: none
};

struct SampleHistory {  // one entry per logged step
  std::vector<int> modes_covered;
  std::vector<double> weight_tv;
  std::vector<double> nn_ratio;
};

struct FlowMatchingReport {
  SpectralLog log;
  SampleHistory history;
  Eigen::MatrixXd samples;
  int evaluations = 0;  // field calls of the final sampler
  ModeCoverage coverage;
  Memorisation memorisation;
};

FlowMatchingReport flow_matching_study(const Mixture& mixture, const Eigen::MatrixXd& training,
                                       const FlowMatchingOptions& options,
                                       const EvaluationOptions& evaluation, std::uint64_t seed,
                                       const Progress& progress = {});

}  // namespace assay::lowrank_collapse
