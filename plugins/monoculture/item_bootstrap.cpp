#include "item_bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace assay::monoculture {

double sorted_quantile(const std::vector<double>& sorted, double probability) {
  const double position = probability * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const auto above = std::min(below + 1, sorted.size() - 1);
  const double frac = position - static_cast<double>(below);
  return sorted[below] + frac * (sorted[above] - sorted[below]);
}

Interval bootstrap_interval(Eigen::Index items, const ItemStatistic& statistic, int resamples,
                            double level, std::mt19937_64& rng) {
  std::uniform_int_distribution<Eigen::Index> pick(0, items - 1);
  std::vector<double> values;
  values.reserve(resamples);
  for (int first = 0; first < resamples; first += kBootstrapBatch) {
    Eigen::MatrixXd counts =
        Eigen::MatrixXd::Zero(items, std::min(kBootstrapBatch, resamples - first));
    for (Eigen::Index r = 0; r < counts.cols(); ++r)
      for (Eigen::Index j = 0; j < items; ++j) counts(pick(rng), r) += 1.0;
    for (double v : statistic(counts))
      if (std::isfinite(v)) values.push_back(v);
  }
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  if (values.empty() || 2 * values.size() < static_cast<std::size_t>(resamples)) return {nan, nan};
  std::sort(values.begin(), values.end());
  const double tail = (1 - level) / 2;
  return {sorted_quantile(values, tail), sorted_quantile(values, 1 - tail)};
}

}  // namespace assay::monoculture
