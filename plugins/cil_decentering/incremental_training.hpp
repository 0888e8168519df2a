// Joint versus sequential (class-incremental) training of one linear head.
//
// Joint: one softmax over all K classes, trained on all data at once.
// Sequential: task t arrives alone; its classes get a softmax over that task's classes only
// (the within-task softmax), trained on that task's data; earlier heads are left as they are.
// Each task's head is therefore fixed only up to its own gauge, and the penalty picks the
// centred one (sum of the task's weights = 0), which is what puts the structural offset
// Sigma^{-1} (mean_j - mean_i) between the two solutions.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "linear_head.hpp"
#include "softmax_regression.hpp"

namespace assay::cil_decentering {

LinearHead train_joint(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels, int classes,
                       const SoftmaxFitOptions& options);

// class_task(k): task of class k. Classes may be numbered in any order.
LinearHead train_sequential(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                            const Eigen::VectorXi& class_task, const SoftmaxFitOptions& options);

// An ordered pair of classes from different tasks, i < j.
struct ClassPair {
  int i = 0, j = 0;
};
std::vector<ClassPair> cross_task_pairs(const Eigen::VectorXi& class_task);

// Row p: (w_i - w_j)_sequential - (w_i - w_j)_joint for pairs[p].
Eigen::MatrixXd fitted_offsets(const LinearHead& sequential, const LinearHead& joint,
                               const std::vector<ClassPair>& pairs);

// Row p: Sigma^{-1} (mean^(task j) - mean^(task i)), mean^(t) the unweighted mean of the class
// means of task t: the population offset predicted by the gauge argument.
Eigen::MatrixXd closed_form_offsets(const Eigen::MatrixXd& means, const Eigen::MatrixXd& sigma,
                                    const Eigen::VectorXi& class_task,
                                    const std::vector<ClassPair>& pairs);

// Task centres: row t is the unweighted mean of the class means of task t.
Eigen::MatrixXd task_centres(const Eigen::MatrixXd& means, const Eigen::VectorXi& class_task);

// How far the offsets of one task block (all pairs between tasks s and t) are from being
// identical: max over blocks of RMS(row - block mean) / |block mean|. 0 for the closed form.
double offset_dispersion(const Eigen::MatrixXd& offsets, const std::vector<ClassPair>& pairs,
                         const Eigen::VectorXi& class_task);

}  // namespace assay::cil_decentering
