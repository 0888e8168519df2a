// Held-out classification accuracy with a confidence interval, for comparing feature sets.
#pragma once

#include <Eigen/Core>
#include <utility>
#include <vector>

namespace assay::stdlib {

struct ClassificationScore {
  double accuracy = 0;  // pooled held-out accuracy of one-vs-rest L2 logistic regression
  // Wilson score interval of the accuracy over the n held-out predictions
  double ci_low = 0;
  double ci_high = 0;
  int examples = 0;
};

// k-fold cross-validated logistic regression (cross_validated_probe's folds and
// standardisation); z: the normal quantile of the interval (1.96 for 95%).
ClassificationScore classify(const Eigen::MatrixXd& features, const std::vector<int>& labels,
                             int folds, double lambda, double z);

// z with P(|N(0, 1)| <= z) = confidence.
double two_sided_normal_quantile(double confidence);

// Wilson score interval for `successes` out of n at normal quantile z.
std::pair<double, double> wilson_interval(double successes, int n, double z);

}  // namespace assay::stdlib
