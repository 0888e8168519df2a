#include "linear_probe.hpp"

#include <algorithm>
#include <assay/stats/probes.hpp>
#include <stdexcept>

namespace assay::stdlib {
namespace {

struct Standardiser {
  Eigen::RowVectorXd mean, scale;
  explicit Standardiser(const Eigen::MatrixXd& x) : mean(x.colwise().mean()) {
    const Eigen::MatrixXd c = x.rowwise() - mean;
    scale = (c.colwise().squaredNorm() / std::max<Eigen::Index>(1, x.rows())).cwiseSqrt();
    for (auto& s : scale) s = s > 1e-12 ? s : 1.0;  // constant feature: leave it centred
  }
  Eigen::MatrixXd operator()(const Eigen::MatrixXd& x) const {
    return (x.rowwise() - mean).array().rowwise() / scale.array();
  }
};

Eigen::MatrixXd rows_of(const Eigen::MatrixXd& x, const std::vector<int>& rows) {
  Eigen::MatrixXd out(rows.size(), x.cols());
  for (std::size_t i = 0; i < rows.size(); ++i) out.row(i) = x.row(rows[i]);
  return out;
}

int argmax(const Eigen::RowVectorXd& row) {
  Eigen::Index k;
  row.maxCoeff(&k);
  return static_cast<int>(k);
}

}  // namespace

int class_count(const std::vector<int>& labels) {
  if (labels.empty()) return 0;
  return 1 + *std::max_element(labels.begin(), labels.end());
}

Eigen::MatrixXd one_hot(const std::vector<int>& labels, int classes) {
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(labels.size(), classes);
  for (std::size_t i = 0; i < labels.size(); ++i) y(i, labels[i]) = 1;
  return y;
}

ProbeScores cross_validated_probe(const Eigen::MatrixXd& features, const std::vector<int>& labels,
                                  const ProbeOptions& options) {
  const auto n = static_cast<int>(labels.size());
  if (features.rows() != n) throw std::invalid_argument("features and labels differ in length");
  if (options.folds < 2 || options.folds > n)
    throw std::invalid_argument("folds must be in [2, number of examples]");
  const int classes = std::max(2, class_count(labels));
  const Eigen::MatrixXd y = one_hot(labels, classes);
  Eigen::MatrixXd ridge_pred(n, classes), logistic_pred(n, classes);
  for (int f = 0; f < options.folds; ++f) {
    std::vector<int> train, test;
    for (int i = 0; i < n; ++i) (i % options.folds == f ? test : train).push_back(i);
    const Eigen::MatrixXd x_train_raw = rows_of(features, train);
    const Standardiser standardise(x_train_raw);
    const Eigen::MatrixXd x_train = standardise(x_train_raw);
    const Eigen::MatrixXd x_test = standardise(rows_of(features, test));
    const Eigen::MatrixXd y_train = rows_of(y, train);
    const Eigen::MatrixXd ridge =
        stats::fit_ridge(x_train, y_train, options.ridge_lambda).predict(x_test);
    for (int k = 0; k < classes; ++k) {
      std::vector<int> binary(train.size());
      for (std::size_t i = 0; i < train.size(); ++i) binary[i] = labels[train[i]] == k;
      const Eigen::VectorXd logit =
          stats::fit_logistic(x_train, binary, options.logistic_lambda).decision(x_test);
      for (std::size_t i = 0; i < test.size(); ++i) logistic_pred(test[i], k) = logit(i);
    }
    for (std::size_t i = 0; i < test.size(); ++i) ridge_pred.row(test[i]) = ridge.row(i);
  }
  int ridge_hits = 0, logistic_hits = 0;
  for (int i = 0; i < n; ++i) {
    ridge_hits += argmax(ridge_pred.row(i)) == labels[i];
    logistic_hits += argmax(logistic_pred.row(i)) == labels[i];
  }
  return {static_cast<double>(ridge_hits) / n, static_cast<double>(logistic_hits) / n,
          stats::r_squared(y, ridge_pred)};
}

}  // namespace assay::stdlib
