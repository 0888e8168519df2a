#include "count_probes.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <assay/stats/probes.hpp>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace assay::counting_bottleneck {
namespace {

Eigen::MatrixXd column(const std::vector<int>& labels) {
  Eigen::MatrixXd y(static_cast<Eigen::Index>(labels.size()), 1);
  for (std::size_t i = 0; i < labels.size(); ++i) y(static_cast<Eigen::Index>(i), 0) = labels[i];
  return y;
}

}  // namespace

Standardiser::Standardiser(const Eigen::MatrixXd& x)
    : mean(x.colwise().mean()),
      // a constant feature keeps sd 1e-8 rather than dividing by zero
      sd(((x.rowwise() - mean).array().square().colwise().mean()).sqrt().max(1e-8)) {}

Eigen::MatrixXd Standardiser::operator()(const Eigen::MatrixXd& x) const {
  return (x.rowwise() - mean).array().rowwise() / sd.array();
}

std::vector<int> control_labels(const std::vector<Sequence>& items, std::uint64_t seed) {
  Rng rng(seed);
  std::map<std::pair<int, int>, int> label_of_type;
  std::vector<int> labels;
  for (const auto& s : items) {
    const auto type = std::make_pair(s.item, s.tokens[kListLength]);
    auto it = label_of_type.find(type);
    if (it == label_of_type.end())
      it = label_of_type.emplace(type, 1 + static_cast<int>(rng() % kMaxCount)).first;
    labels.push_back(it->second);
  }
  return labels;
}

std::vector<int> counts_of(const std::vector<Sequence>& items) {
  std::vector<int> c;
  for (const auto& s : items) c.push_back(s.count);
  return c;
}

CountClassifier::CountClassifier(const Eigen::MatrixXd& x, const std::vector<int>& labels,
                                 double lambda, int max_iterations)
    : standardise_(x),
      weights_(Eigen::MatrixXd::Zero(x.cols(), kMaxCount)),
      intercepts_(Eigen::RowVectorXd::Zero(kMaxCount)) {
  if (static_cast<std::size_t>(x.rows()) != labels.size() || x.rows() < 2)
    throw std::invalid_argument("labels: " + std::to_string(labels.size()) + " for " +
                                std::to_string(x.rows()) + " rows (need >= 2, one each)");
  const auto n = static_cast<double>(x.rows());
  Eigen::MatrixXd z(x.rows(), x.cols() + 1);  // features and a column of ones
  z << standardise_(x), Eigen::VectorXd::Ones(x.rows());
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(x.rows(), kMaxCount);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (labels[i] < 1 || labels[i] > kMaxCount)
      throw std::invalid_argument("labels: " + std::to_string(labels[i]) + " is not in 1..9");
    y(static_cast<Eigen::Index>(i), labels[i] - 1) = 1;
  }
  // The softmax Hessian is at most (1/2) Z^T Z / n (+ lambda): a safe step is its inverse.
  const Eigen::MatrixXd gram = z.transpose() * z / n;
  const double lipschitz =
      0.5 * Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(gram).eigenvalues().maxCoeff() + lambda;
  Eigen::MatrixXd w = Eigen::MatrixXd::Zero(z.cols(), kMaxCount), previous = w;
  const auto gradient = [&](const Eigen::MatrixXd& v) {
    Eigen::MatrixXd p = z * v;
    p = (p.colwise() - p.rowwise().maxCoeff()).array().exp();
    p.array().colwise() /= p.rowwise().sum().array();
    Eigen::MatrixXd g = z.transpose() * (p - y) / n;
    g.topRows(x.cols()) += lambda * v.topRows(x.cols());
    return g;
  };
  for (int k = 1; k <= max_iterations; ++k) {  // Nesterov's accelerated gradient
    const Eigen::MatrixXd v = w + (k - 1.0) / (k + 2.0) * (w - previous);
    const Eigen::MatrixXd g = gradient(v);
    previous = w;
    w = v - g / lipschitz;
    if (g.norm() < 1e-6) break;
  }
  weights_ = w.topRows(x.cols());
  intercepts_ = w.bottomRows(1);
}

std::vector<int> CountClassifier::predict(const Eigen::MatrixXd& x) const {
  const Eigen::MatrixXd logits = (standardise_(x) * weights_).rowwise() + intercepts_;
  std::vector<int> out;
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    Eigen::Index best = 0;
    logits.row(i).maxCoeff(&best);
    out.push_back(static_cast<int>(best) + 1);
  }
  return out;
}

Eigen::MatrixXd CountClassifier::raw_weights() const {
  return weights_.array().colwise() / standardise_.sd.transpose().array();
}

double accuracy(const std::vector<int>& predicted, const std::vector<int>& labels) {
  double hits = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) hits += predicted[i] == labels[i];
  return hits / static_cast<double>(labels.size());
}

double fisher_ratio(const Eigen::VectorXd& score, const std::vector<int>& labels) {
  std::map<int, std::pair<double, int>> sums;  // label -> (sum, n)
  for (std::size_t i = 0; i < labels.size(); ++i) {
    auto& [sum, n] = sums[labels[i]];
    sum += score(static_cast<Eigen::Index>(i));
    ++n;
  }
  const double grand = score.mean();
  double between = 0, within = 0;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const auto& [sum, n] = sums[labels[i]];
    const double m = sum / n;
    between += (m - grand) * (m - grand);
    within += (score(static_cast<Eigen::Index>(i)) - m) * (score(static_cast<Eigen::Index>(i)) - m);
  }
  return within > 0 ? between / within : std::numeric_limits<double>::infinity();
}

ProbeScore probe_count(const Split& train, const Split& test, const ProbeOptions& o) {
  ProbeScore s;
  const CountClassifier count(train.x, train.labels, o.logistic_lambda);
  const CountClassifier control(train.x, train.control, o.logistic_lambda);
  s.accuracy = accuracy(count.predict(test.x), test.labels);
  s.control_accuracy = accuracy(control.predict(test.x), test.control);
  s.selectivity = s.accuracy - s.control_accuracy;
  // The ridge probe on the same standardisation as the classifiers.
  const Standardiser standardise(train.x);
  const auto ridge = stats::fit_ridge(standardise(train.x), column(train.labels), o.ridge_lambda);
  const Eigen::MatrixXd predicted = ridge.predict(standardise(test.x));
  s.r2 = stats::r_squared(column(test.labels), predicted);
  s.snr = fisher_ratio(predicted.col(0), test.labels);
  return s;
}

Eigen::MatrixXd probe_directions(const Eigen::MatrixXd& x, const std::vector<int>& labels, int rank,
                                 double lambda) {
  if (rank < 1 || rank > kMaxCount || rank > x.cols())
    throw std::invalid_argument("rank: " + std::to_string(rank) + " is not in 1..9");
  const Eigen::MatrixXd centred = x.rowwise() - x.colwise().mean();
  const Eigen::MatrixXd patterns = centred.transpose() *
                                   (centred * CountClassifier(x, labels, lambda).raw_weights()) /
                                   static_cast<double>(x.rows());
  Eigen::JacobiSVD<Eigen::MatrixXd> svd(patterns, Eigen::ComputeThinU);
  return svd.matrixU().leftCols(rank);
}

}  // namespace assay::counting_bottleneck
