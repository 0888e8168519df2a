// Intervals for the claims: percentile bootstrap over resampled units (images, concepts), and
// Student t over a handful of values.
#pragma once

#include <functional>
#include <random>
#include <string>
#include <vector>

namespace assay::superactivators {

struct Interval {
  double estimate = 0, lower = 0, upper = 0;  // 95%
  std::string text() const;
};

// statistic(indices) on `units` indices drawn with replacement, `resamples` times; the
// estimate is the statistic on 0..units-1.
Interval bootstrap(int units, int resamples, std::mt19937_64& rng,
                   const std::function<double(const std::vector<int>&)>& statistic);

Interval t_interval(const std::vector<double>& values);

}  // namespace assay::superactivators
