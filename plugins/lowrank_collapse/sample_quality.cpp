#include "sample_quality.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

namespace assay::lowrank_collapse {

ModeCoverage mode_coverage(const Mixture& mixture, const Eigen::MatrixXd& samples) {
  const double ball = boost::math::quantile(boost::math::chi_squared(mixture.dim()), 0.99) *
                      mixture.sd * mixture.sd;
  ModeCoverage c;
  c.weights = Eigen::VectorXd::Zero(mixture.modes());
  const double n = static_cast<double>(samples.rows());
  for (Eigen::Index i = 0; i < samples.rows(); ++i) {
    Eigen::Index nearest = 0;
    const double d2 =
        (mixture.means.rowwise() - samples.row(i)).rowwise().squaredNorm().minCoeff(&nearest);
    if (d2 <= ball)
      c.weights(nearest) += 1 / n;
    else
      c.off_mode_fraction += 1 / n;
  }
  for (int k = 0; k < mixture.modes(); ++k)
    if (c.weights(k) >= 0.25 * 0.99 * mixture.weights(k)) ++c.covered;
  const double on_mode = c.weights.sum();
  c.weight_tv = on_mode > 0 ? 0.5 * (c.weights / on_mode - mixture.weights).cwiseAbs().sum() : 1;
  return c;
}

double mean_nearest_distance(const Eigen::MatrixXd& samples, const Eigen::MatrixXd& points) {
  const Eigen::VectorXd point_norms = points.rowwise().squaredNorm();
  double total = 0;
  for (Eigen::Index i = 0; i < samples.rows(); ++i) {
    // ||p||^2 - 2 p.x is the squared distance up to ||x||^2, which does not change the argmin.
    const double shifted = (point_norms - 2 * points * samples.row(i).transpose()).minCoeff();
    total += std::sqrt(std::max(0.0, shifted + samples.row(i).squaredNorm()));
  }
  return samples.rows() ? total / samples.rows() : std::numeric_limits<double>::quiet_NaN();
}

Memorisation memorisation(const Eigen::MatrixXd& samples, const Eigen::MatrixXd& training,
                          const Eigen::MatrixXd& fresh) {
  Memorisation m;
  m.nn_distance = mean_nearest_distance(samples, training);
  m.ratio = m.nn_distance / mean_nearest_distance(fresh, training);
  return m;
}

}  // namespace assay::lowrank_collapse
