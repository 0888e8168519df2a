#include "rank_correlation.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "assay/stats/resampling.hpp"

namespace assay::lowrank_collapse {
namespace {

Eigen::VectorXd mid_ranks(const Eigen::VectorXd& v) {
  std::vector<Eigen::Index> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return v(a) < v(b); });
  Eigen::VectorXd ranks(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v(order[j + 1]) == v(order[i])) ++j;
    for (std::size_t k = i; k <= j; ++k) ranks(order[k]) = 0.5 * (i + j);
    i = j + 1;
  }
  return ranks;
}

}  // namespace

double spearman(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  if (x.size() != y.size()) throw std::invalid_argument("spearman: x and y differ in length");
  const Eigen::VectorXd rx = mid_ranks(x).array() - mid_ranks(x).mean();
  const Eigen::VectorXd ry = mid_ranks(y).array() - mid_ranks(y).mean();
  const double norm = rx.norm() * ry.norm();
  return norm > 0 ? rx.dot(ry) / norm : 0;
}

CorrelationInterval spearman_interval(const Eigen::VectorXd& x, const Eigen::VectorXd& y,
                                      int resamples, double level, std::mt19937_64& rng) {
  // Resampling the pair indices resamples the pairs.
  const Eigen::VectorXd index = Eigen::VectorXd::LinSpaced(x.size(), 0, double(x.size() - 1));
  const auto statistic = [&](const Eigen::VectorXd& picked) {
    Eigen::VectorXd px(picked.size()), py(picked.size());
    for (Eigen::Index i = 0; i < picked.size(); ++i) {
      px(i) = x(static_cast<Eigen::Index>(picked(i)));
      py(i) = y(static_cast<Eigen::Index>(picked(i)));
    }
    return spearman(px, py);
  };
  const auto ci = stats::bootstrap_ci(index, statistic, resamples, level, rng);
  return {ci.estimate, ci.low, ci.high};
}

}  // namespace assay::lowrank_collapse
