// The paper's checkable claims as small, seeded experiments built from the method's own
// code. Each returns the measurements; plugin.cpp turns them into checks and the tests run
// them too. Scales are chosen so each runs in well under a second.
#pragma once

#include <cstdint>
#include <vector>

#include "excess_measures.hpp"

namespace assay::monoculture {

// Claim 1: on a pure Rasch population (no shared errors) models agree far more than the
// marginal null predicts, and not more than the item-difficulty null predicts.
struct NullComparison {
  ExcessEstimate marginal;
  ExcessEstimate item;
};
NullComparison rasch_population_nulls(std::uint64_t seed);

// Claim 2: the fitted item null's agreement for equal-ability models on items with
// b ~ N(0, sd_b^2) matches the closed-form integral. One row per sd_b.
struct ClosedFormRow {
  double difficulty_sd = 0;
  double null_agreement = 0;  // fitted Rasch item null, averaged over pairs and items
  double integral = 0;        // rasch_agreement_integral(0, 0, sd_b)
  double standard_error = 0;  // of the observed pair-averaged agreement over items
};
std::vector<ClosedFormRow> item_null_closed_form(std::uint64_t seed);

// Claim 3: a planted shared-error factor inside clusters is detected by the item null and
// its measured within-cluster excess grows with the planted strength. One row per strength.
struct PowerRow {
  double strength = 0;
  ExcessEstimate within;
};
std::vector<PowerRow> planted_monoculture_power(std::uint64_t seed);

// Claim 4: the same target pair's excess changes sign with the reference models the null is
// fitted on: positive against models that do not share its error factor, negative against
// models that share it more strongly.
struct SubjectivityResult {
  ExcessEstimate neutral_reference;
  ExcessEstimate amplified_reference;
};
SubjectivityResult population_sign_flip(std::uint64_t seed);

// Claim 5: the Rasch fit recovers abilities and difficulties at 1,000 items.
struct RecoveryResult {
  double ability_correlation = 0;
  double difficulty_correlation = 0;
};
RecoveryResult rasch_recovery(std::uint64_t seed, int models = 100, int items = 1000);

double correlation(const Eigen::VectorXd& x, const Eigen::VectorXd& y);

}  // namespace assay::monoculture
