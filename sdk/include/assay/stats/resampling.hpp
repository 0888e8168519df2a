// Quantiles and resampling statistics in double precision.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <random>

namespace assay::stats {

// The SDK's engine (the same type as assay::Rng and assay::nn::Rng).
using Rng = std::mt19937_64;

// The q-quantile with linear interpolation between order statistics (NumPy's default).
double quantile(Eigen::VectorXd values, double q);

struct Interval {
  double estimate = 0;  // the statistic on the data
  double low = 0;
  double high = 0;
};

// Percentile bootstrap interval of `statistic` at confidence `level` (e.g. 0.95) from
// `resamples` resamples with replacement.
Interval bootstrap_ci(const Eigen::VectorXd& data,
                      const std::function<double(const Eigen::VectorXd&)>& statistic, int resamples,
                      double level, Rng& rng);

// Two-sided permutation test of equal means: the p-value (1 + #{|d*| >= |d|}) / (1 + P) over
// P random relabellings, d the difference of the sample means.
double permutation_test(const Eigen::VectorXd& a, const Eigen::VectorXd& b, int permutations,
                        Rng& rng);

}  // namespace assay::stats
