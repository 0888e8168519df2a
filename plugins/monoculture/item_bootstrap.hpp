// Percentile bootstrap over items: the benchmark's items are the sample, so a resample draws
// J items with replacement and the statistic is recomputed from the item counts w (w_j = how
// often item j was drawn). Statistics are passed as functions of w so a null whose parameters
// depend on the items (the marginal null's accuracies) is re-estimated in every resample.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <random>

namespace assay::monoculture {

struct Interval {
  double low = 0;
  double high = 0;
};

using ItemStatistic = std::function<double(const Eigen::VectorXd& item_counts)>;

// NaN bounds when fewer than half of the resamples give a finite statistic.
Interval bootstrap_interval(Eigen::Index items, const ItemStatistic& statistic, int resamples,
                            double level, std::mt19937_64& rng);

// Linear interpolation between order statistics (type 7); `sorted` ascending, non-empty.
double sorted_quantile(const std::vector<double>& sorted, double probability);

}  // namespace assay::monoculture
