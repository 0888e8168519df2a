// A linear classification head over all classes seen so far: logit_k(x) = w_k . x + b_k.
// Task-agnostic prediction is the arg-max over every class of every task.
#pragma once

#include <Eigen/Core>

namespace assay::cil_decentering {

struct LinearHead {
  Eigen::MatrixXd weights;  // K x d, one row per class
  Eigen::VectorXd biases;   // K

  Eigen::MatrixXd logits(const Eigen::MatrixXd& features) const;  // n x K
  Eigen::VectorXi predict(const Eigen::MatrixXd& features) const;
};

double accuracy(const Eigen::VectorXi& predicted, const Eigen::VectorXi& labels);
// Fraction of samples whose predicted class belongs to another task than their true class.
double task_confusion(const Eigen::VectorXi& predicted, const Eigen::VectorXi& labels,
                      const Eigen::VectorXi& class_task);
double agreement(const Eigen::VectorXi& a, const Eigen::VectorXi& b);

// The class -> task map implied by per-sample labels and task ids; throws
// std::invalid_argument if a class appears in two tasks or a class index is unused.
Eigen::VectorXi class_task_map(const Eigen::VectorXi& labels, const Eigen::VectorXi& tasks);

}  // namespace assay::cil_decentering

namespace assay::cil_decentering {

// Fraction of the joint - sequential accuracy gap a corrected head recovers,
//   (acc_corrected - acc_sequential) / (acc_joint - acc_sequential),
// from per-sample correctness on one test set, with its delta-method standard error (the
// three heads are scored on the same samples, so the errors are paired).
struct GapRecovery {
  double fraction = 0;
  double standard_error = 0;
};
GapRecovery gap_recovered(const Eigen::VectorXi& sequential_correct,
                          const Eigen::VectorXi& corrected_correct,
                          const Eigen::VectorXi& joint_correct);
Eigen::VectorXi correct(const Eigen::VectorXi& predicted, const Eigen::VectorXi& labels);

}  // namespace assay::cil_decentering
