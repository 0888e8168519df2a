// The U-curve statistics of detection F1 over fragmentation rates, with their uncertainty from a
// bootstrap over the examples (the same examples at every rate, so rates are resampled together).
//
// Valley: the examples are split in two halves of whole (positive, negative) pairs. On the
// selection half, p* is the interior rate (0 < p < 1) of lowest F1; on the measurement half,
//   depth    = min(F1(0), F1(1)) - F1(p*)   (> 0: a U, the valley bottom below both ends)
//   recovery = F1(1) - F1(p*)               (> 0: F1 comes back at full fragmentation)
// Selecting p* on other examples than those measuring it keeps the minimum's selection bias
// (a minimum over noisy points is low by chance) out of the depth.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "detection_lm.hpp"

namespace assay::uncanny_valley {

struct Interval {
  double value = 0, lower = 0, upper = 0;  // estimate and two-sided 95% percentile interval
};

struct F1Point {
  Perturbation kind = Perturbation::random;
  double p = 0;
  Interval f1;
  double accuracy = 0;
};
std::vector<F1Point> f1_curve(const std::vector<RatePredictions>& rates, int resamples,
                              std::mt19937_64& rng);

struct Valley {
  Perturbation kind = Perturbation::random;
  double p_star = 0;  // selected on the selection half
  Interval depth, recovery;
};
// Throws std::invalid_argument unless the rates of `kind` include 0, 1 and an interior rate.
Valley valley(const std::vector<RatePredictions>& rates, Perturbation kind, int resamples,
              std::mt19937_64& rng);

// depth(random) - depth(regular), each with its own p*, bootstrapped on the same resamples.
Interval depth_difference(const std::vector<RatePredictions>& rates, int resamples,
                          std::mt19937_64& rng);

// The share of bootstrap resamples (of all examples) whose interior F1 minimum of `kind` lies
// at a rate above `rate`.
double share_of_minima_above(const std::vector<RatePredictions>& rates, Perturbation kind,
                             double rate, int resamples, std::mt19937_64& rng);

}  // namespace assay::uncanny_valley
