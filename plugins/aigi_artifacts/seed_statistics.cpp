#include "seed_statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

namespace assay::aigi_artifacts {

namespace {

Eigen::VectorXd ranks(const Eigen::VectorXd& x) {
  std::vector<int> order(x.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return x(a) < x(b); });
  Eigen::VectorXd r(x.size());
  for (Eigen::Index i = 0; i < x.size();) {
    Eigen::Index j = i;
    while (j + 1 < x.size() && x(order[j + 1]) == x(order[i])) ++j;
    for (Eigen::Index k = i; k <= j; ++k) r(order[k]) = 0.5 * static_cast<double>(i + j);
    i = j + 1;
  }
  return r;
}

double pearson(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const Eigen::VectorXd x = a.array() - a.mean(), y = b.array() - b.mean();
  return x.dot(y) / std::sqrt(x.squaredNorm() * y.squaredNorm());
}

}  // namespace

MeanInterval t_interval(const Eigen::VectorXd& values, double level) {
  const auto n = values.size();
  if (n < 2)
    throw std::invalid_argument("t_interval: needs 2 or more values, got " + std::to_string(n));
  const double mean = values.mean();
  const double sd = std::sqrt((values.array() - mean).square().sum() / static_cast<double>(n - 1));
  const boost::math::students_t t(static_cast<double>(n - 1));
  const double half = boost::math::quantile(t, 0.5 + level / 2) * sd / std::sqrt(double(n));
  return {mean, mean - half, mean + half};
}

double spearman(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  if (a.size() != b.size() || a.size() < 3)
    throw std::invalid_argument("spearman: needs two samples of equal size >= 3");
  return pearson(ranks(a), ranks(b));
}

double negative_correlation_p(const Eigen::VectorXd& a, const Eigen::VectorXd& b, int permutations,
                              nn::Rng& rng) {
  const double observed = spearman(a, b);
  const Eigen::VectorXd ra = ranks(a), rb = ranks(b);
  Eigen::VectorXd shuffled = rb;
  int as_extreme = 0;
  for (int p = 0; p < permutations; ++p) {
    for (Eigen::Index i = shuffled.size() - 1; i > 0; --i)  // Fisher-Yates on the SDK's draws
      std::swap(shuffled(i), shuffled(static_cast<Eigen::Index>(nn::uniform01(rng) * (i + 1))));
    if (pearson(ra, shuffled) <= observed) ++as_extreme;
  }
  return (1.0 + as_extreme) / (1.0 + permutations);
}

}  // namespace assay::aigi_artifacts
