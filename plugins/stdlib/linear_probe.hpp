// How linearly decodable labels are from features: k-fold cross-validated linear probes.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::stdlib {

struct ProbeScores {
  double ridge_accuracy = 0;     // argmax of a ridge regression onto one-hot labels
  double logistic_accuracy = 0;  // argmax over one-vs-rest L2 logistic regressions
  double r_squared = 0;          // held-out R^2 of the ridge fit of the one-hot labels
};

struct ProbeOptions {
  int folds = 5;
  double ridge_lambda = 1e-3;
  double logistic_lambda = 1e-3;
};

// Fold f holds out the examples i with i mod folds == f; scores are pooled over all held-out
// predictions. Features are standardised with the training fold's mean and deviation.
ProbeScores cross_validated_probe(const Eigen::MatrixXd& features, const std::vector<int>& labels,
                                  const ProbeOptions& options);

// n x classes one-hot matrix; classes = 1 + max label.
Eigen::MatrixXd one_hot(const std::vector<int>& labels, int classes);
int class_count(const std::vector<int>& labels);

}  // namespace assay::stdlib
