// Classification metrics. Labels are integers; binary metrics take labels in {0, 1}.
#pragma once

#include <Eigen/Core>
#include <vector>

namespace assay::stats {

double accuracy(const std::vector<int>& predicted, const std::vector<int>& truth);
// Harmonic mean of precision and recall for class `positive`; 0 if it is never predicted
// nor present.
double f1_score(const std::vector<int>& predicted, const std::vector<int>& truth, int positive = 1);
// Area under the ROC curve: P(score of a positive > score of a negative), ties counting 1/2.
double auroc(const Eigen::VectorXd& scores, const std::vector<int>& labels);
// Average precision, sum over thresholds of (R_n - R_{n-1}) P_n, tied scores taken together
// (scikit-learn's definition).
double average_precision(const Eigen::VectorXd& scores, const std::vector<int>& labels);

}  // namespace assay::stats
