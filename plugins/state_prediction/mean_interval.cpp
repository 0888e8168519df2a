#include "mean_interval.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <limits>

namespace assay::state_prediction {

MeanCi mean_ci(const std::vector<double>& values) {
  const int n = static_cast<int>(values.size());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (n == 0) return {nan, nan, nan, 0};
  double mean = 0;
  for (double x : values) mean += x;
  mean /= n;
  if (n < 2) return {mean, nan, nan, n};
  double ss = 0;
  for (double x : values) ss += (x - mean) * (x - mean);
  const boost::math::students_t t(n - 1);
  const double half =
      boost::math::quantile(boost::math::complement(t, 0.025)) * std::sqrt(ss / (n - 1) / n);
  return {mean, mean - half, mean + half, n};
}

}  // namespace assay::state_prediction
