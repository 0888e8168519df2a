// Task confusion of the population sequential head and of its de-centered version along one
// axis of the geometry (inter-task distance or class-norm asymmetry), measured by Monte Carlo
// and set against the margin bounds of task_confusion.hpp. Every value of the sweep uses the
// same random directions, so only the swept quantity changes along a curve.
#pragma once

#include <optional>
#include <random>
#include <vector>

#include "gaussian_tasks.hpp"

namespace assay::cil_decentering {

enum class SweepAxis { task_distance, norm_asymmetry };

struct ConfusionRow {
  double value = 0;  // the swept geometry parameter
  double kappa_min = 0, gamma_at_min = 0, margin_min = 0;
  double sequential_confusion = 0, sequential_se = 0;
  double sequential_upper_bound = 0, sequential_lower_bound = 0;
  double first_task_confusion = 0;  // confusion of task 0's samples alone
  double decentered_confusion = 0, decentered_se = 0, decentered_upper_bound = 0;
};

std::vector<ConfusionRow> confusion_sweep(const TaskGeometry& base, SweepAxis axis,
                                          const std::vector<double>& values, int n_per_class,
                                          std::mt19937_64& rng);

// The sweep in a few numbers (NaN for an empty sweep): the largest excess of the sequential
// confusion over its bound among values with kappa_min > 1 (none if no value has), the range of the
// sequential confusion, the largest confusion of task 0's samples, and the largest excess of
// the de-centered confusion over its bound.
struct SweepSummary {
  std::optional<double> max_excess_separated;
  double min_sequential_confusion = 0, max_sequential_confusion = 0;
  double max_first_task_confusion = 0;
  double max_excess_decentered = 0;
};
SweepSummary summarize_sweep(const std::vector<ConfusionRow>& rows);

}  // namespace assay::cil_decentering
