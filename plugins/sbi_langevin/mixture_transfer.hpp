// The paper's last claim at small scale: tune annealed Langevin on the Gaussian surrogate of a
// Gaussian-mixture tall model (same data, prior replaced by its moment-matched diagonal
// Gaussian), run the tuned sampler on the mixture's own composite score, and measure how far
// the samples land from exact posterior draws in sliced W2.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <random>

#include "composite_score.hpp"

namespace assay::sbi_langevin {

struct MixtureTransferSetup {
  int dim = 2;
  int n_obs = 10;
  int components = 3;
  double separation = 3.0;
  double component_var = 1.0;
  double noise_var = 1.0;
  ScoreKind kind = ScoreKind::linhart;
  double epsilon = 0.2;
  std::optional<int> levels;  // unset: warm-start rule on the surrogate
  int chains = 2000;
  int projections = 200;
};

struct MixtureTransferResult {
  int levels = 0;
  std::int64_t total_steps = 0;
  double surrogate_w2_bound = 0;  // what the rule guarantees on the Gaussian surrogate
  double sliced_w2_scaled = 0;    // sqrt(d) SW2(samples, exact posterior draws)
  double floor_scaled = 0;        // sqrt(d) SW2(exact draws, independent exact draws)
  Eigen::MatrixXd samples;
  Eigen::MatrixXd reference;
};

MixtureTransferResult run_mixture_transfer(const MixtureTransferSetup& setup, std::mt19937_64& rng);

}  // namespace assay::sbi_langevin
