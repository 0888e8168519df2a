#include "linear_head.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace assay::cil_decentering {

Eigen::MatrixXd LinearHead::logits(const Eigen::MatrixXd& features) const {
  Eigen::MatrixXd z = features * weights.transpose();
  z.rowwise() += biases.transpose();
  return z;
}

Eigen::VectorXi LinearHead::predict(const Eigen::MatrixXd& features) const {
  const Eigen::MatrixXd z = logits(features);
  Eigen::VectorXi predicted(z.rows());
  for (Eigen::Index i = 0; i < z.rows(); ++i) z.row(i).maxCoeff(&predicted(i));
  return predicted;
}

double accuracy(const Eigen::VectorXi& predicted, const Eigen::VectorXi& labels) {
  return agreement(predicted, labels);
}

double task_confusion(const Eigen::VectorXi& predicted, const Eigen::VectorXi& labels,
                      const Eigen::VectorXi& class_task) {
  if (predicted.size() == 0) return 0.0;
  Eigen::Index confused = 0;
  for (Eigen::Index i = 0; i < predicted.size(); ++i)
    confused += class_task(predicted(i)) != class_task(labels(i));
  return double(confused) / double(predicted.size());
}

double agreement(const Eigen::VectorXi& a, const Eigen::VectorXi& b) {
  if (a.size() == 0) return 0.0;
  return double((a.array() == b.array()).count()) / double(a.size());
}

Eigen::VectorXi class_task_map(const Eigen::VectorXi& labels, const Eigen::VectorXi& tasks) {
  if (labels.size() != tasks.size() || labels.size() == 0)
    throw std::invalid_argument("labels and tasks must be non-empty and of equal length");
  if (labels.minCoeff() < 0 || tasks.minCoeff() < 0)
    throw std::invalid_argument("labels and task ids must be non-negative");
  Eigen::VectorXi map = Eigen::VectorXi::Constant(labels.maxCoeff() + 1, -1);
  for (Eigen::Index i = 0; i < labels.size(); ++i) {
    int& task = map(labels(i));
    if (task >= 0 && task != tasks(i))
      throw std::invalid_argument("class " + std::to_string(labels(i)) + " appears in two tasks");
    task = tasks(i);
  }
  if (map.minCoeff() < 0) throw std::invalid_argument("class indices must be 0..K-1, all used");
  return map;
}

}  // namespace assay::cil_decentering

namespace assay::cil_decentering {

Eigen::VectorXi correct(const Eigen::VectorXi& predicted, const Eigen::VectorXi& labels) {
  return (predicted.array() == labels.array()).cast<int>();
}

GapRecovery gap_recovered(const Eigen::VectorXi& sequential_correct,
                          const Eigen::VectorXi& corrected_correct,
                          const Eigen::VectorXi& joint_correct) {
  const Eigen::ArrayXd gained = (corrected_correct - sequential_correct).cast<double>().array();
  const Eigen::ArrayXd gap = (joint_correct - sequential_correct).cast<double>().array();
  const double n = double(gap.size());
  GapRecovery r;
  r.fraction = gained.mean() / gap.mean();
  // Delta method for a ratio of paired means: Var(gained - f gap) / (n gap_mean^2).
  const Eigen::ArrayXd linearised = gained - r.fraction * gap;
  const double variance = (linearised - linearised.mean()).square().sum() / std::max(1.0, n - 1);
  r.standard_error = std::sqrt(variance / n) / std::abs(gap.mean());
  return r;
}

}  // namespace assay::cil_decentering
