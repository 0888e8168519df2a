// The experiments behind the paper's checkable claims, at a scale that runs in seconds.
// Each returns the measured numbers and the statistical reference they are judged against;
// plugin.cpp turns them into checks and the unit tests reuse them.
#pragma once

#include <cstdint>
#include <string>

#include "decentering_study.hpp"
#include "random_feature_backbone.hpp"

namespace assay::cil_decentering {

// Claim 1: sequential - joint cross-task offsets equal Sigma^{-1}(mean^(t) - mean^(s)) for every
// pair. Offsets from `replicates` independent training sets of one population; each component
// of their mean is t-tested against the closed form (Bonferroni over components, alpha 0.01).
struct OffsetStudy {
  double max_abs_t = 0;       // largest |mean - closed form| / standard error over components
  double critical_t = 0;      // Student-t quantile for the Bonferroni-corrected level
  double relative_error = 0;  // |mean offsets - closed form|_F / |closed form|_F
  double dispersion = 0;      // offset_dispersion of the mean offsets (0 = identical per block)
  int replicates = 0;
};
OffsetStudy offset_study(std::uint64_t seed, int replicates, int n_per_class, double l2);

// Claim 2 (population): largest coefficient difference between the de-centered population
// sequential head and the LDA head, modulo one common affine function, relative to the LDA
// weights' scale. Zero up to rounding if de-centering recovers the Bayes head exactly.
double population_decentering_residual(std::uint64_t seed);

// Claims 2 (estimates) and 5: one trained problem scored on a large test set.
TrainedStudy trained_study(std::uint64_t seed, int n_per_class, double l2, int n_test_per_class);

// Claim 3 (kappa > 1): a random geometry with kappa_min > 1 and a non-trivial bound.
struct SeparatedStudy {
  double kappa_min = 0, confusion = 0, standard_error = 0, bound = 0;
};
SeparatedStudy separated_study(std::uint64_t seed, int n_per_class);

// Claims 3b and 4 on the collinear kappa < 1 construction (T = C = 2, d = 2, class radius 1) at
// inter-task distances 3, 6, 12, 24: the sequential head's smallest Monte Carlo task confusion
// (with its SE), and the de-centered head's largest excess over its margin bound less 3 SE
// (the SE taken at the larger of confusion and bound, so a zero count keeps a tolerance).
struct CollinearStudy {
  double min_sequential_confusion = 0, min_sequential_se = 0;
  double max_decentered_excess = 0;
};
CollinearStudy collinear_study(std::uint64_t seed, int n_per_class);

// Claim 3c: T = 2, C = 3, d = 8, orthogonal layout, class 0 of the last task 32x longer; task
// confusion of the first (symmetric) task's samples, with its binomial SE.
struct AsymmetryStudy {
  double first_task_confusion = 0, standard_error = 0;
};
AsymmetryStudy asymmetry_study(std::uint64_t seed, int n_per_class);

// The second setting: a stdlib data set with T x C classes (spiral arms, or Gaussian clusters
// in input space), class k in task k / C, seen through a frozen random-feature backbone. The
// statements hold only approximately here.
enum class InputData { spirals, gaussian_clusters };
InputData parse_input_data(const std::string& name);

struct RandomFeatureSetting {
  InputData data = InputData::spirals;
  int tasks = 3, classes = 2;
  int input_dim = 2;
  double noise = 0.05;
  int width = 64;
  double scale = 4.0;
  Activation activation = Activation::cos;
  int n_train = 300, n_test = 1000;  // per class
  double l2 = 1e-4, ridge = 0.0;
};
struct RandomFeatureStudy {
  TrainedStudy scores;
  GaussianDeparture departure;  // of the training features
};
RandomFeatureStudy random_feature_study(std::uint64_t seed, const RandomFeatureSetting& setting);

}  // namespace assay::cil_decentering
