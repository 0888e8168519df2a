// The statistics the claims use: a t-interval over seeds and a rank correlation with its
// permutation p-value.
#pragma once

#include <Eigen/Core>

#include "assay/nn/matrix.hpp"

namespace assay::aigi_artifacts {

struct MeanInterval {
  double mean = 0, low = 0, high = 0;
};

// Mean and two-sided t-interval at `level` (e.g. 0.95) of a sample of 2 or more values.
MeanInterval t_interval(const Eigen::VectorXd& values, double level);

// Spearman's rank correlation (average ranks for ties).
double spearman(const Eigen::VectorXd& a, const Eigen::VectorXd& b);
// One-sided permutation p-value of a correlation as negative as spearman(a, b):
// (1 + #{rho* <= rho}) / (1 + permutations).
double negative_correlation_p(const Eigen::VectorXd& a, const Eigen::VectorXd& b, int permutations,
                              nn::Rng& rng);

}  // namespace assay::aigi_artifacts
