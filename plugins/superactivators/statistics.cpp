#include "statistics.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>
#include <sstream>

namespace assay::superactivators {

std::string Interval::text() const {
  std::ostringstream s;
  s.precision(4);
  s << estimate << " [" << lower << ", " << upper << "]";
  return s.str();
}

Interval bootstrap(int units, int resamples, std::mt19937_64& rng,
                   const std::function<double(const std::vector<int>&)>& statistic) {
  std::vector<int> all(units);
  std::iota(all.begin(), all.end(), 0);
  std::uniform_int_distribution<int> any(0, units - 1);
  std::vector<double> values;
  std::vector<int> drawn(units);
  for (int r = 0; r < resamples; ++r) {
    for (auto& d : drawn) d = any(rng);
    values.push_back(statistic(drawn));
  }
  std::sort(values.begin(), values.end());
  const auto at = [&](double q) { return values[static_cast<std::size_t>(q * (resamples - 1))]; };
  return {statistic(all), at(0.025), at(0.975)};
}

Interval t_interval(const std::vector<double>& v) {
  const double n = static_cast<double>(v.size());
  const double m = std::accumulate(v.begin(), v.end(), 0.0) / n;
  double ss = 0;
  for (double x : v) ss += (x - m) * (x - m);
  if (v.size() < 2) return {m, m, m};
  const boost::math::students_t t(n - 1);
  const double half = boost::math::quantile(t, 0.975) * std::sqrt(ss / (n - 1) / n);
  return {m, m - half, m + half};
}

}  // namespace assay::superactivators
