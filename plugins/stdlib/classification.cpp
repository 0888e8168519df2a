#include "classification.hpp"

#include <boost/math/distributions/normal.hpp>
#include <cmath>

#include "linear_probe.hpp"

namespace assay::stdlib {

std::pair<double, double> wilson_interval(double successes, int n, double z) {
  const double p = successes / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
  return {centre - half, centre + half};
}

double two_sided_normal_quantile(double confidence) {
  // P(|Z| <= z) = confidence puts (1 - confidence) / 2 in the upper tail.
  return boost::math::quantile(
      boost::math::complement(boost::math::normal(), (1 - confidence) / 2));
}

ClassificationScore classify(const Eigen::MatrixXd& features, const std::vector<int>& labels,
                             int folds, double lambda, double z) {
  ProbeOptions options;
  options.folds = folds;
  options.logistic_lambda = lambda;
  const auto probe = cross_validated_probe(features, labels, options);
  ClassificationScore score;
  score.examples = static_cast<int>(labels.size());
  score.accuracy = probe.logistic_accuracy;
  std::tie(score.ci_low, score.ci_high) =
      wilson_interval(std::round(score.accuracy * score.examples), score.examples, z);
  return score;
}

}  // namespace assay::stdlib
