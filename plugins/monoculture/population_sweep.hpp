// The population half of the paper's subjectivity: the item null's parameters are estimated
// from whichever models and items are included, so the excess measured for the same pairs
// changes with the reference population. target_excess measures the pairs among `targets`
// with the null fitted on targets + `reference` models over `items`; population_sweep repeats
// that over random reference populations.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <optional>
#include <random>
#include <vector>

#include "excess_measures.hpp"
#include "parallel_loop.hpp"

namespace assay::monoculture {

ExcessEstimate target_excess(const Eigen::MatrixXd& responses, const std::vector<int>& targets,
                             const std::vector<int>& reference, const std::vector<int>& items,
                             const MeasureOptions& options, std::mt19937_64& rng,
                             const ParallelLoop& loop = serial_loop);

struct SweepSpec {
  std::vector<int> targets;             // empty: measure all pairs of each drawn population
  std::optional<int> reference_models;  // other models drawn per population; unset: all
  std::optional<int> items;             // items drawn per population; unset: all
  int populations = 10;                 // random populations after the full one
};

struct SweepRow {
  int models = 0;
  int items = 0;
  ExcessEstimate excess;
};

// Called after each population with (done, total); may throw to stop the sweep.
using SweepProgress = std::function<void(int done, int total)>;

// Row 0 is the full population (every model and item); rows 1.. are random populations.
std::vector<SweepRow> population_sweep(const Eigen::MatrixXd& responses, const SweepSpec& spec,
                                       const MeasureOptions& options, std::mt19937_64& rng,
                                       const ParallelLoop& loop = serial_loop,
                                       const SweepProgress& progress = {});

// How the excess moves over the random populations (rows 1..; row 0 is the full one).
// Positive / negative: the population's interval lies above / below 0.
struct SweepSummary {
  double full_excess = 0;
  double excess_min = 0, excess_max = 0;
  double excess_sd = 0;  // NaN with a single random population
  double fraction_positive = 0, fraction_negative = 0;
  bool sign_flip = false;  // some populations significantly positive, others negative
};
SweepSummary summarise_sweep(const std::vector<SweepRow>& rows);

}  // namespace assay::monoculture
