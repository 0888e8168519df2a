// Excess agreement = observed - null, averaged over a group of model pairs, with a percentile
// bootstrap interval over items. The item nulls' IRT parameters are fitted once on all the
// models and items given (the population); the bootstrap holds them fixed and resamples the
// per-item contributions, while the marginal null's accuracies are re-estimated per resample.
#pragma once

#include <Eigen/Core>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "agreement_nulls.hpp"
#include "irt_fit.hpp"
#include "pair_groups.hpp"
#include "parallel_loop.hpp"

namespace assay::monoculture {

struct ExcessEstimate {
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  std::string group;
  double pairs = 0;  // pairs (agreement) or eligible pair-items (same wrong option)
  double observed = kNaN;
  double expected = kNaN;
  double excess = kNaN;
  double ci_low = kNaN;
  double ci_high = kNaN;
};

struct MeasureOptions {
  NullModel null = NullModel::rasch;
  IrtFitOptions fit;  // its model is set from `null`
  int resamples = 500;
  double level = 0.95;
};

struct AgreementExcess {
  std::vector<ExcessEstimate> groups;  // in the order of the groups passed in
  Eigen::MatrixXd pair_observed;       // models x models
  Eigen::MatrixXd pair_expected;       // models x models, under the null
  IrtFit fit;                          // the fitted item null (unused for the marginal null)
};

AgreementExcess agreement_excess(const Eigen::MatrixXd& responses,
                                 const std::vector<PairGroup>& groups,
                                 const MeasureOptions& options, std::mt19937_64& rng,
                                 const ParallelLoop& loop = serial_loop);

std::vector<ExcessEstimate> same_wrong_option_excess(const Eigen::MatrixXd& responses,
                                                     const Eigen::MatrixXd& choices,
                                                     const std::vector<PairGroup>& groups,
                                                     int resamples, double level,
                                                     std::mt19937_64& rng);

}  // namespace assay::monoculture
