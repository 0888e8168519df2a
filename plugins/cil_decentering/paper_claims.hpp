// The experiments behind the paper's checkable claims, at a scale that runs in seconds.
// Each returns the measured numbers and the statistical reference they are judged against;
// plugin.cpp turns them into checks and the unit tests reuse them.
#pragma once

#include <cstdint>

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
struct TrainedStudy {
  double joint_accuracy = 0, sequential_accuracy = 0, decentered_accuracy = 0;
  double gap_fraction = 0, gap_standard_error = 0;
  // Disagreement of the de-centered and of the joint head with LDA fitted on the same data,
  // and the standard error of their difference (paired over test samples).
  double decentered_lda_disagreement = 0, joint_lda_disagreement = 0, disagreement_se = 0;
};
TrainedStudy trained_study(std::uint64_t seed, int n_per_class, double l2, int n_test_per_class);

// Claim 3 (kappa > 1): a random geometry with kappa_min > 1 and a non-trivial bound.
struct SeparatedStudy {
  double kappa_min = 0, confusion = 0, standard_error = 0, bound = 0;
};
SeparatedStudy separated_study(std::uint64_t seed, int n_per_class);

}  // namespace assay::cil_decentering
