#include "decentering_study.hpp"

#include <algorithm>
#include <cmath>

#include "decentering.hpp"
#include "incremental_training.hpp"

namespace assay::cil_decentering {

DecenteringHeads train_and_decenter(const LabelledSample& train, const Eigen::VectorXi& class_task,
                                    double l2, double ridge) {
  const int classes = static_cast<int>(class_task.size());
  const SoftmaxFitOptions options{l2};
  DecenteringHeads heads;
  heads.joint = train_joint(train.features, train.labels, classes, options);
  heads.sequential = train_sequential(train.features, train.labels, class_task, options);
  const GaussianEstimate estimate =
      estimate_pooled_gaussian(train.features, train.labels, classes, ridge);
  heads.decentered = decenter(heads.sequential, estimate.means, estimate.sigma, class_task);
  heads.lda = lda_head(estimate.means, estimate.sigma);
  return heads;
}

TrainedStudy score_decentering(const DecenteringHeads& heads, const LabelledSample& train,
                               const LabelledSample& test, const Eigen::VectorXi& class_task,
                               double ridge) {
  const Eigen::VectorXi joint = heads.joint.predict(test.features);
  const Eigen::VectorXi sequential = heads.sequential.predict(test.features);
  const Eigen::VectorXi decentered = heads.decentered.predict(test.features);
  const Eigen::VectorXi lda = heads.lda.predict(test.features);

  TrainedStudy s;
  s.joint_accuracy = accuracy(joint, test.labels);
  s.sequential_accuracy = accuracy(sequential, test.labels);
  s.decentered_accuracy = accuracy(decentered, test.labels);
  s.lda_accuracy = accuracy(lda, test.labels);
  s.sequential_confusion = task_confusion(sequential, test.labels, class_task);
  s.decentered_confusion = task_confusion(decentered, test.labels, class_task);
  const GapRecovery gap =
      gap_recovered(correct(sequential, test.labels), correct(decentered, test.labels),
                    correct(joint, test.labels));
  s.gap_fraction = gap.fraction;
  s.gap_standard_error = gap.standard_error;

  const Eigen::ArrayXd dec_differs = (decentered.array() != lda.array()).cast<double>();
  const Eigen::ArrayXd joint_differs = (joint.array() != lda.array()).cast<double>();
  s.decentered_lda_disagreement = dec_differs.mean();
  s.joint_lda_disagreement = joint_differs.mean();
  const Eigen::ArrayXd paired = dec_differs - joint_differs;
  const double n = double(paired.size());
  s.disagreement_se = std::sqrt((paired - paired.mean()).square().sum() / std::max(1.0, n - 1) / n);

  const auto pairs = cross_task_pairs(class_task);
  if (!pairs.empty()) {
    const GaussianEstimate estimate = estimate_pooled_gaussian(
        train.features, train.labels, static_cast<int>(class_task.size()), ridge);
    const Eigen::MatrixXd offsets = fitted_offsets(heads.sequential, heads.joint, pairs);
    const Eigen::MatrixXd closed =
        closed_form_offsets(estimate.means, estimate.sigma, class_task, pairs);
    s.offset_relative_error = (offsets - closed).norm() / closed.norm();
    s.offset_dispersion = offset_dispersion(offsets, pairs, class_task);
  }
  return s;
}

}  // namespace assay::cil_decentering
