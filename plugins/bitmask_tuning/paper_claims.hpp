// The measurements behind the claims `assay verify` runs, at CI scale: one d32 model pretrained
// on task A (the `fortunes` file of Debian's fortunes-min, mixed with 2-digit additions), then
// every arm adapted to task B by SFT from it, once per adaptation seed.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "adaptation.hpp"
#include "delta_geometry.hpp"

namespace assay::bitmask_tuning {

// The scale of the claims' experiment (README.md#scale).
struct CiScale {
  ModelSpec model{.dim = 32, .layers = 2, .heads = 2, .context = 32};
  int pretrain_steps = 1500;
  long stream_characters = 200000;
  AdditionFormat b_format = AdditionFormat::reversed;
  int adapt_steps = 200;
  double rho = 0.05;
  int lora_rank = 4;
  int seeds = 4;
  int eval_problems = 200;
  int b_train_problems = 4000;
};

// Per arm ("full", "lora", "bit_mask", "random_deletion", "magnitude_deletion"): one final
// evaluation row per seed; the pretrained model's row; the geometry of bit_mask's and lora's
// gate deltas against full's, per seed.
struct CiExperiment {
  CiScale scale;
  EvalRow pretrained;
  std::map<std::string, std::vector<EvalRow>> final_rows;
  std::map<std::string, std::vector<DeltaGeometry>> geometry;
  long gate_weights = 0, model_weights = 0, budget = 0;
};

// Computed once per seed and shared by the claims that ask for it.
const CiExperiment& ci_experiment(std::uint64_t seed);

// Mean and two-sided 95% Student t interval over the values.
struct MeanCi {
  double mean = 0, low = 0, high = 0;
  int n = 0;
};
MeanCi mean_ci(const std::vector<double>& values);

// The documents of a fortune file (separated by lines holding "%").
std::vector<std::string> fortune_documents(const std::string& path);

}  // namespace assay::bitmask_tuning
