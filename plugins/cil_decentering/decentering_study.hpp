// One complete class-incremental experiment on given train and test sets: train the joint and
// the sequential head, de-center the sequential head with the pooled estimates of the training
// set, and score all three (and plug-in LDA) on the test set. The checks, the random-feature
// setting and the benchmark all run exactly this.
#pragma once

#include <Eigen/Core>

#include "gaussian_tasks.hpp"
#include "linear_head.hpp"

namespace assay::cil_decentering {

struct DecenteringHeads {
  LinearHead joint, sequential, decentered, lda;
};

// l2: the softmax penalty; ridge: added to the pooled covariance's diagonal times its mean
// variance (0: none). class_task(k) is the task of class k.
DecenteringHeads train_and_decenter(const LabelledSample& train, const Eigen::VectorXi& class_task,
                                    double l2, double ridge);

struct TrainedStudy {
  double joint_accuracy = 0, sequential_accuracy = 0, decentered_accuracy = 0, lda_accuracy = 0;
  double sequential_confusion = 0, decentered_confusion = 0;
  double gap_fraction = 0, gap_standard_error = 0;
  // Disagreement of the de-centered and of the joint head with the plug-in LDA head, and the
  // standard error of their difference (paired over test samples).
  double decentered_lda_disagreement = 0, joint_lda_disagreement = 0, disagreement_se = 0;
  // Fitted seq - joint offsets against the plug-in closed form Sigma^-1(mean_j - mean_i)
  // (relative Frobenius error) and their within-block dispersion (offset_dispersion).
  double offset_relative_error = 0, offset_dispersion = 0;
};

TrainedStudy score_decentering(const DecenteringHeads& heads, const LabelledSample& train,
                               const LabelledSample& test, const Eigen::VectorXi& class_task,
                               double ridge);

}  // namespace assay::cil_decentering
