// What a generative model's samples say about collapse and memorisation: which modes of the
// target they cover and with what weights, and how close they sit to the training points.
#pragma once

#include <Eigen/Core>

#include "gaussian_mixture.hpp"

namespace assay::lowrank_collapse {

struct ModeCoverage {
  // Fraction of samples within the 99% ball of each mode (nearest mean, ||x - mu||^2 / sd^2
  // at most the 0.99 quantile of chi^2 with dim degrees of freedom).
  Eigen::VectorXd weights;
  // Modes holding at least a quarter of their expected share of samples.
  int covered = 0;
  double off_mode_fraction = 0;  // samples in no mode's ball
  // Total variation between the sample weights (renormalised over on-mode samples) and the
  // mixture's weights; 0 when every mode has its share.
  double weight_tv = 0;
};
ModeCoverage mode_coverage(const Mixture& mixture, const Eigen::MatrixXd& samples);

// Mean over rows of `samples` of the distance to the nearest row of `points`.
double mean_nearest_distance(const Eigen::MatrixXd& samples, const Eigen::MatrixXd& points);

struct Memorisation {
  double nn_distance = 0;  // mean distance of the model's samples to the training set
  // nn_distance over the same statistic for fresh draws of the target: about 1 for a model
  // that generalises, towards 0 for one that reproduces its training points.
  double ratio = 0;
};
Memorisation memorisation(const Eigen::MatrixXd& samples, const Eigen::MatrixXd& training,
                          const Eigen::MatrixXd& fresh);

}  // namespace assay::lowrank_collapse
