// Percentile bootstrap over items: the benchmark's items are the sample, so a resample draws
// J items with replacement and the statistic is recomputed from the item counts w (w_j = how
// often item j was drawn). Statistics are passed as functions of w so a null whose parameters
// depend on the items (the marginal null's accuracies) is re-estimated in every resample. They
// take a batch of resamples at once, one column of counts each (items x batch), so that a
// statistic linear in w is a matrix product over the batch instead of one product per resample.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <random>

namespace assay::monoculture {

struct Interval {
  double low = 0;
  double high = 0;
};

// One value per column of item_counts.
inline constexpr int kBootstrapBatch = 64;

using ItemStatistic = std::function<Eigen::VectorXd(const Eigen::MatrixXd& item_counts)>;

// The resamples are drawn one after the other, as many per batch as kBootstrapBatch allows.
// NaN bounds when fewer than half of the resamples give a finite statistic.
Interval bootstrap_interval(Eigen::Index items, const ItemStatistic& statistic, int resamples,
                            double level, std::mt19937_64& rng);

// Linear interpolation between order statistics (type 7); `sorted` ascending, non-empty.
double sorted_quantile(const std::vector<double>& sorted, double probability);

}  // namespace assay::monoculture
