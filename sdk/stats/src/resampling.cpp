#include "assay/stats/resampling.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace assay::stats {
namespace {

// A uniform index from the top 53 bits of one draw (the draw nn::uniform01 makes, so resamples
// did not change when these moved out of nn).
Eigen::Index uniform_index(Eigen::Index n, Rng& rng) {
  const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
  return std::min(n - 1, static_cast<Eigen::Index>(u * static_cast<double>(n)));
}

}  // namespace

double quantile(Eigen::VectorXd values, double q) {
  if (values.size() == 0) throw std::invalid_argument("assay::stats: quantile of no values");
  if (q < 0 || q > 1) throw std::invalid_argument("assay::stats: quantile: q must be in [0, 1]");
  std::sort(values.begin(), values.end());
  const double position = q * static_cast<double>(values.size() - 1);
  const auto below = static_cast<Eigen::Index>(std::floor(position));
  const Eigen::Index above = std::min(below + 1, values.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return values(below) + fraction * (values(above) - values(below));
}

Interval bootstrap_ci(const Eigen::VectorXd& data,
                      const std::function<double(const Eigen::VectorXd&)>& statistic, int resamples,
                      double level, Rng& rng) {
  if (data.size() == 0 || resamples < 1 || level <= 0 || level >= 1) {
    throw std::invalid_argument(
        "assay::stats: bootstrap_ci: needs data, resamples >= 1, level in (0, 1)");
  }
  Eigen::VectorXd stats(resamples), sample(data.size());
  for (int r = 0; r < resamples; ++r) {
    for (Eigen::Index i = 0; i < data.size(); ++i)
      sample(i) = data(uniform_index(data.size(), rng));
    stats(r) = statistic(sample);
  }
  const double tail = (1 - level) / 2;
  return {statistic(data), quantile(stats, tail), quantile(stats, 1 - tail)};
}

double permutation_test(const Eigen::VectorXd& a, const Eigen::VectorXd& b, int permutations,
                        Rng& rng) {
  if (a.size() == 0 || b.size() == 0 || permutations < 1) {
    throw std::invalid_argument(
        "assay::stats: permutation_test: needs two samples and permutations >= 1");
  }
  Eigen::VectorXd pooled(a.size() + b.size());
  pooled << a, b;
  const double observed = std::abs(a.mean() - b.mean());
  int extreme = 0;
  for (int p = 0; p < permutations; ++p) {
    // Fisher-Yates with the library's portable draws.
    for (Eigen::Index i = pooled.size() - 1; i > 0; --i)
      std::swap(pooled(i), pooled(uniform_index(i + 1, rng)));
    const double d = std::abs(pooled.head(a.size()).mean() - pooled.tail(b.size()).mean());
    // A relative slack so that the identity permutation's rounding counts as "as extreme".
    extreme += d >= observed * (1 - 1e-12);
  }
  return (1.0 + extreme) / (1.0 + permutations);
}

}  // namespace assay::stats
