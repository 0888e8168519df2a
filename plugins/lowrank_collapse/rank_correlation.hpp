// Spearman rank correlation with a percentile-bootstrap interval over (x, y) pairs: how the
// checks say whether one measurement predicts another across a sweep.
#pragma once

#include <Eigen/Core>
#include <random>

namespace assay::lowrank_collapse {

// Pearson correlation of the mid-ranks (ties share their average rank); 0 when either side is
// constant (no ordering to agree with).
double spearman(const Eigen::VectorXd& x, const Eigen::VectorXd& y);

struct CorrelationInterval {
  double estimate = 0;
  double low = 0;
  double high = 0;
};
// Spearman on the pairs and its percentile-bootstrap interval from `resamples` resamples of the
// pairs with replacement.
CorrelationInterval spearman_interval(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                                      int resamples, double level, std::mt19937_64& rng);

}  // namespace assay::lowrank_collapse
