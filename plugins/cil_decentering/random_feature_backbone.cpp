#include "random_feature_backbone.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

namespace assay::cil_decentering {

Eigen::MatrixXd RandomFeatureBackbone::features(const Eigen::MatrixXd& inputs) const {
  if (inputs.cols() != projection.cols())
    throw std::invalid_argument("inputs have " + std::to_string(inputs.cols()) +
                                " columns, the backbone expects " +
                                std::to_string(projection.cols()));
  Eigen::MatrixXd pre = inputs * projection.transpose();
  pre.rowwise() += offsets.transpose();
  if (activation == Activation::cos) return std::numbers::sqrt2 * pre.array().cos();
  return pre.cwiseMax(0.0);
}

RandomFeatureBackbone make_random_feature_backbone(int input_dim, int width, double scale,
                                                   Activation activation, std::mt19937_64& rng) {
  if (input_dim < 1 || width < 1) throw std::invalid_argument("need input_dim, width >= 1");
  std::normal_distribution<double> normal(0.0, scale);
  std::uniform_real_distribution<double> phase(0.0, 2 * std::numbers::pi);
  RandomFeatureBackbone b{Eigen::MatrixXd(width, input_dim), Eigen::VectorXd(width), activation};
  for (int j = 0; j < width; ++j) {
    for (int k = 0; k < input_dim; ++k) b.projection(j, k) = normal(rng);
    b.offsets(j) = activation == Activation::cos ? phase(rng) : normal(rng);
  }
  return b;
}

LabelledSample assign_tasks(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                            int classes_per_task) {
  if (labels.size() != features.rows())
    throw std::invalid_argument("need one label per feature row");
  if (classes_per_task < 1) throw std::invalid_argument("classes_per_task must be >= 1");
  if (labels.size() > 0 && labels.minCoeff() < 0)
    throw std::invalid_argument("labels must be non-negative");
  return {features, labels, labels / classes_per_task};
}

TrainTestSplit split_train_test(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                int classes_per_task, double test_fraction) {
  const Eigen::Index n = features.rows();
  const auto n_train = static_cast<Eigen::Index>(std::lround((1.0 - test_fraction) * double(n)));
  if (n_train < 1 || n_train >= n)
    throw std::invalid_argument("test_fraction leaves no training or no test rows");
  if (labels.size() != n) throw std::invalid_argument("need one label per feature row");
  return {
      assign_tasks(features.topRows(n_train), labels.head(n_train), classes_per_task),
      assign_tasks(features.bottomRows(n - n_train), labels.tail(n - n_train), classes_per_task)};
}

GaussianDeparture gaussian_departure(const Eigen::MatrixXd& features, const Eigen::VectorXi& labels,
                                     int classes) {
  const Eigen::Index d = features.cols();
  std::vector<std::vector<Eigen::Index>> members(classes);
  for (Eigen::Index i = 0; i < labels.size(); ++i) members.at(labels(i)).push_back(i);
  Eigen::MatrixXd pooled = Eigen::MatrixXd::Zero(d, d);
  std::vector<Eigen::MatrixXd> covariances;
  double kurtosis_sum = 0;
  int kurtosis_terms = 0, used = 0;
  for (const auto& rows : members) {
    if (rows.size() < 4) continue;
    Eigen::MatrixXd x(rows.size(), d);
    for (std::size_t r = 0; r < rows.size(); ++r) x.row(r) = features.row(rows[r]);
    x.rowwise() -= x.colwise().mean();
    const double n = double(rows.size());
    const Eigen::ArrayXd m2 = x.array().square().colwise().sum() / n;
    const Eigen::ArrayXd m4 = x.array().square().square().colwise().sum() / n;
    for (Eigen::Index j = 0; j < d; ++j)
      if (m2(j) > 0) {
        kurtosis_sum += std::abs(m4(j) / (m2(j) * m2(j)) - 3.0);
        ++kurtosis_terms;
      }
    covariances.push_back(x.transpose() * x / (n - 1));
    pooled += covariances.back();
    ++used;
  }
  if (used == 0) throw std::invalid_argument("every class has fewer than 4 samples");
  pooled /= double(used);
  double spread = 0;
  for (const auto& c : covariances) spread += (c - pooled).norm() / pooled.norm();
  return {kurtosis_terms ? kurtosis_sum / kurtosis_terms : 0.0, spread / used};
}

}  // namespace assay::cil_decentering
