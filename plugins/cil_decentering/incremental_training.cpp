#include "incremental_training.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace assay::cil_decentering {

LinearHead train_joint(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels, int classes,
                       const SoftmaxFitOptions& options) {
  return fit_softmax_regression(features, labels, classes, options);
}

LinearHead train_sequential(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                            const Eigen::VectorXi& class_task, const SoftmaxFitOptions& options) {
  const Eigen::Index k_total = class_task.size();
  LinearHead head{Eigen::MatrixXd::Zero(k_total, features.cols()), Eigen::VectorXd::Zero(k_total)};
  for (int t = 0; t <= class_task.maxCoeff(); ++t) {
    std::vector<int> global;  // local class index -> global class index
    Eigen::VectorXi local = Eigen::VectorXi::Constant(k_total, -1);
    for (Eigen::Index k = 0; k < k_total; ++k)
      if (class_task(k) == t) {
        local(k) = static_cast<int>(global.size());
        global.push_back(static_cast<int>(k));
      }
    if (global.empty()) continue;
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < labels.size(); ++i)
      if (class_task(labels(i)) == t) rows.push_back(i);
    Eigen::MatrixXd x(rows.size(), features.cols());
    Eigen::VectorXi y(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
      x.row(r) = features.row(rows[r]);
      y(r) = local(labels(rows[r]));
    }
    const LinearHead task_head =
        fit_softmax_regression(x, y, static_cast<int>(global.size()), options);
    for (std::size_t c = 0; c < global.size(); ++c) {
      head.weights.row(global[c]) = task_head.weights.row(c);
      head.biases(global[c]) = task_head.biases(c);
    }
  }
  return head;
}

std::vector<ClassPair> cross_task_pairs(const Eigen::VectorXi& class_task) {
  std::vector<ClassPair> pairs;
  for (int i = 0; i < class_task.size(); ++i)
    for (int j = i + 1; j < class_task.size(); ++j)
      if (class_task(i) != class_task(j)) pairs.push_back({i, j});
  return pairs;
}

Eigen::MatrixXd fitted_offsets(const LinearHead& sequential, const LinearHead& joint,
                               const std::vector<ClassPair>& pairs) {
  Eigen::MatrixXd out(pairs.size(), sequential.weights.cols());
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const auto [i, j] = pairs[p];
    out.row(p) = (sequential.weights.row(i) - sequential.weights.row(j)) -
                 (joint.weights.row(i) - joint.weights.row(j));
  }
  return out;
}

Eigen::MatrixXd task_centres(const Eigen::MatrixXd& means, const Eigen::VectorXi& class_task) {
  const int tasks = class_task.maxCoeff() + 1;
  Eigen::MatrixXd centres = Eigen::MatrixXd::Zero(tasks, means.cols());
  Eigen::VectorXd counts = Eigen::VectorXd::Zero(tasks);
  for (Eigen::Index k = 0; k < means.rows(); ++k) {
    centres.row(class_task(k)) += means.row(k);
    counts(class_task(k)) += 1;
  }
  for (int t = 0; t < tasks; ++t)
    if (counts(t) > 0) centres.row(t) /= counts(t);
  return centres;
}

Eigen::MatrixXd closed_form_offsets(const Eigen::MatrixXd& means, const Eigen::MatrixXd& sigma,
                                    const Eigen::VectorXi& class_task,
                                    const std::vector<ClassPair>& pairs) {
  const Eigen::MatrixXd centres = task_centres(means, class_task);
  // Row t: (Sigma^{-1} centre_t)^T.
  const Eigen::MatrixXd precision_centres =
      Eigen::LLT<Eigen::MatrixXd>(sigma).solve(centres.transpose()).transpose();
  Eigen::MatrixXd out(pairs.size(), means.cols());
  for (std::size_t p = 0; p < pairs.size(); ++p)
    out.row(p) = precision_centres.row(class_task(pairs[p].j)) -
                 precision_centres.row(class_task(pairs[p].i));
  return out;
}

double offset_dispersion(const Eigen::MatrixXd& offsets, const std::vector<ClassPair>& pairs,
                         const Eigen::VectorXi& class_task) {
  std::map<std::pair<int, int>, std::vector<std::size_t>> blocks;
  for (std::size_t p = 0; p < pairs.size(); ++p)
    blocks[{class_task(pairs[p].i), class_task(pairs[p].j)}].push_back(p);
  double worst = 0;
  for (const auto& [tasks, rows] : blocks) {
    Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(offsets.cols());
    for (auto p : rows) mean += offsets.row(p);
    mean /= double(rows.size());
    double spread = 0;
    for (auto p : rows) spread += (offsets.row(p) - mean).squaredNorm();
    const double ratio = std::sqrt(spread / double(rows.size())) / mean.norm();
    worst = std::max(worst, ratio);
  }
  return worst;
}

}  // namespace assay::cil_decentering
