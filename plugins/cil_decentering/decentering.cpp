#include "decentering.hpp"

#include <Eigen/Cholesky>
#include <algorithm>
#include <stdexcept>

#include "incremental_training.hpp"

namespace assay::cil_decentering {
namespace {

// Row k: (Sigma^{-1} row_k(m))^T.
Eigen::MatrixXd precision_times(const Eigen::MatrixXd& sigma, const Eigen::MatrixXd& m) {
  return Eigen::LLT<Eigen::MatrixXd>(sigma).solve(m.transpose()).transpose();
}

// Per task: beta_t = -mean_{c in t} q_c / 2.
Eigen::VectorXd task_thresholds(const Eigen::VectorXd& q, const Eigen::VectorXi& class_task) {
  const int tasks = class_task.maxCoeff() + 1;
  Eigen::VectorXd sum = Eigen::VectorXd::Zero(tasks), count = Eigen::VectorXd::Zero(tasks);
  for (Eigen::Index k = 0; k < q.size(); ++k) {
    sum(class_task(k)) += q(k);
    count(class_task(k)) += 1;
  }
  return -0.5 * sum.cwiseQuotient(count.cwiseMax(1.0));
}

}  // namespace

GaussianEstimate estimate_pooled_gaussian(const Eigen::MatrixXd& features,
                                          const Eigen::VectorXi& labels, int classes,
                                          double ridge) {
  const Eigen::Index d = features.cols();
  GaussianEstimate e{Eigen::MatrixXd::Zero(classes, d), Eigen::MatrixXd::Zero(d, d)};
  Eigen::VectorXd counts = Eigen::VectorXd::Zero(classes);
  for (Eigen::Index i = 0; i < labels.size(); ++i) {
    e.means.row(labels(i)) += features.row(i);
    counts(labels(i)) += 1;
  }
  if (counts.minCoeff() < 1) throw std::invalid_argument("every class needs a sample");
  e.means.array().colwise() /= counts.array();
  Eigen::MatrixXd centred = features;
  for (Eigen::Index i = 0; i < labels.size(); ++i) centred.row(i) -= e.means.row(labels(i));
  const double dof = std::max<double>(1.0, double(labels.size() - classes));
  e.sigma = centred.transpose() * centred / dof;
  e.sigma.diagonal().array() += ridge * e.sigma.diagonal().mean();
  return e;
}

LinearHead lda_head(const Eigen::MatrixXd& means, const Eigen::MatrixXd& sigma) {
  LinearHead head{precision_times(sigma, means), Eigen::VectorXd()};
  head.biases = -0.5 * head.weights.cwiseProduct(means).rowwise().sum();
  return head;
}

LinearHead sequential_population_head(const Eigen::MatrixXd& means, const Eigen::MatrixXd& sigma,
                                      const Eigen::VectorXi& class_task) {
  LinearHead head = lda_head(means, sigma);
  const Eigen::MatrixXd precision_centres = precision_times(sigma, task_centres(means, class_task));
  const Eigen::VectorXd beta = task_thresholds(-2.0 * head.biases, class_task);
  for (Eigen::Index k = 0; k < means.rows(); ++k) {
    head.weights.row(k) -= precision_centres.row(class_task(k));
    head.biases(k) -= beta(class_task(k));
  }
  return head;
}

LinearHead decenter(const LinearHead& sequential, const Eigen::MatrixXd& means,
                    const Eigen::MatrixXd& sigma, const Eigen::VectorXi& class_task) {
  const Eigen::MatrixXd precision_centres = precision_times(sigma, task_centres(means, class_task));
  const Eigen::VectorXd q = precision_times(sigma, means).cwiseProduct(means).rowwise().sum();
  const Eigen::VectorXd beta = task_thresholds(q, class_task);
  LinearHead head = sequential;
  for (Eigen::Index k = 0; k < means.rows(); ++k) {
    head.weights.row(k) += precision_centres.row(class_task(k));
    head.biases(k) += beta(class_task(k));
  }
  return head;
}

}  // namespace assay::cil_decentering
