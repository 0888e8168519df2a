// Reverse-KL variational inference on a Gaussian-mixture target: minimise
// KL(q || p) = E_q[log q(x) - log p(x)] over the family's parameters with reparameterised
// draws x = f(z), z ~ N(0, I). The objective is mode-seeking: what collapse looks like here.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <string>

#include "gaussian_mixture.hpp"
#include "rank_logged_training.hpp"
#include "sample_quality.hpp"
#include "variational_family.hpp"

namespace assay::lowrank_collapse {

enum class Family { coupling_flow, gaussian };
Family parse_family(const std::string& name);

struct ViOptions {
  Family family = Family::coupling_flow;
  CouplingShape shape;
  TrainingSchedule schedule;
  int batch = 256;
};

// log p(x) of the mixture on the tape, per row (n x 1), through a log-sum-exp over modes.
nn::Var<float> mixture_log_density(nn::Tape<float>& tape, nn::Var<float> x, const Mixture& mixture);

struct ViReport {
  SpectralLog log;
  std::vector<int> modes_covered;  // per logged step
  std::vector<double> weight_tv;   // per logged step
  Eigen::MatrixXd samples;         // final draws of q
  ModeCoverage coverage;
  double kl = 0;     // Monte Carlo KL(q || p) on the final draws
  double kl_se = 0;  // its standard error
};

ViReport vi_study(const Mixture& mixture, const ViOptions& options, int samples, int log_samples,
                  std::uint64_t seed, const Progress& progress = {});

}  // namespace assay::lowrank_collapse
