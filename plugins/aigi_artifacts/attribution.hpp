// Generator attribution from descriptors: multinomial logistic regression on z-scored
// descriptors, fitted on one set of images and scored on another.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::aigi_artifacts {

struct AttributionOptions {
  int steps = 400;  // full-batch Adam steps
  double lr = 0.05;
  double l2 = 1e-3;  // on the weights
};

struct Attribution {
  double accuracy = 0;        // on the scoring set
  double chance = 0;          // 1 / classes
  Eigen::MatrixXi confusion;  // classes x classes: row = true generator, column = predicted
};

// fit / score: rows are images' descriptors, labels their generators in [0, classes).
Attribution attribute_generators(const Eigen::MatrixXd& fit, const std::vector<int>& fit_labels,
                                 const Eigen::MatrixXd& score, const std::vector<int>& score_labels,
                                 int classes, const AttributionOptions& options);

}  // namespace assay::aigi_artifacts
