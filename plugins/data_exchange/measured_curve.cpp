#include "measured_curve.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace assay::data_exchange {
namespace {

struct Sample {
  Eigen::MatrixXd x;
  Eigen::VectorXd y;
};

Sample draw(const ClassificationTask& task, const Eigen::VectorXd& w, int rows,
            std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Sample s{Eigen::MatrixXd(rows, task.dimension), Eigen::VectorXd(rows)};
  for (int i = 0; i < rows; ++i) {
    for (int k = 0; k < task.dimension; ++k) s.x(i, k) = normal(rng);
    s.y[i] = s.x.row(i).dot(w) + task.label_noise * normal(rng) >= 0 ? 1.0 : -1.0;
  }
  return s;
}

double ridge_accuracy(const Sample& train, const std::vector<int>& rows, const Sample& test,
                      double ridge) {
  const Eigen::Index p = train.x.cols();
  Eigen::MatrixXd gram = ridge * Eigen::MatrixXd::Identity(p, p);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(p);
  for (int i : rows) {
    gram.noalias() += train.x.row(i).transpose() * train.x.row(i);
    rhs += train.y[i] * train.x.row(i).transpose();
  }
  const Eigen::VectorXd beta = gram.ldlt().solve(rhs);
  const Eigen::VectorXd score = test.x * beta;
  double correct = 0;
  for (Eigen::Index i = 0; i < score.size(); ++i) correct += (score[i] >= 0) == (test.y[i] > 0);
  return correct / static_cast<double>(score.size());
}

// Mean test accuracy over `repeats` random training subsets at each of `points` sizes
// geometrically spaced from 2 to the training pool.
MeasuredCurve curve_on(const Sample& train, const Sample& test, double ridge, int points,
                       int repeats, std::mt19937_64& rng) {
  const auto pool = static_cast<int>(train.y.size());
  std::vector<int> order(pool);
  std::iota(order.begin(), order.end(), 0);
  MeasuredCurve out;
  for (int k = 0; k < points; ++k) {
    const double size = std::round(2.0 * std::pow(pool / 2.0, double(k) / (points - 1)));
    if (!out.sizes.empty() && size <= out.sizes.back()) continue;
    double sum = 0, sum_sq = 0;
    for (int r = 0; r < repeats; ++r) {
      std::shuffle(order.begin(), order.end(), rng);
      const std::vector<int> rows(order.begin(), order.begin() + static_cast<int>(size));
      const double a = ridge_accuracy(train, rows, test, ridge);
      sum += a;
      sum_sq += a * a;
    }
    const double mean = sum / repeats;
    out.sizes.push_back(size);
    out.accuracy.push_back(mean);
    out.standard_error.push_back(
        repeats > 1 ? std::sqrt(std::max(0.0, sum_sq / repeats - mean * mean) / (repeats - 1)) : 0);
  }
  return out;
}

}  // namespace

MeasuredCurve measure_learning_curve(const ClassificationTask& task, int points, int repeats,
                                     std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::VectorXd w(task.dimension);
  for (auto& v : w) v = normal(rng);
  w.normalize();
  const Sample train = draw(task, w, task.pool, rng);
  const Sample test = draw(task, w, task.test, rng);
  return curve_on(train, test, task.ridge, points, repeats, rng);
}

MeasuredCurve measure_learning_curve(const Eigen::MatrixXd& data, double ridge, int points,
                                     int repeats, std::mt19937_64& rng) {
  if (data.rows() < 3 || data.cols() < 2)
    throw std::invalid_argument(
        "data: needs at least 3 rows and 2 columns (features..., label); check the input node");
  std::vector<int> rows(static_cast<std::size_t>(data.rows()));
  std::iota(rows.begin(), rows.end(), 0);
  std::shuffle(rows.begin(), rows.end(), rng);
  const auto test_rows = std::max<Eigen::Index>(1, data.rows() * 3 / 10);
  const auto split = [&](Eigen::Index begin, Eigen::Index end) {
    Sample s{Eigen::MatrixXd(end - begin, data.cols() - 1), Eigen::VectorXd(end - begin)};
    for (Eigen::Index i = begin; i < end; ++i) {
      const auto r = rows[static_cast<std::size_t>(i)];
      s.x.row(i - begin) = data.row(r).head(data.cols() - 1);
      s.y[i - begin] = data(r, data.cols() - 1) > 0 ? 1.0 : -1.0;
    }
    return s;
  };
  const Sample test = split(0, test_rows);
  const Sample train = split(test_rows, data.rows());
  return curve_on(train, test, ridge, points, repeats, rng);
}

}  // namespace assay::data_exchange
