// What markov_coding_exponent reports for a source kernel K and a code rate R: the exponent
// e(R) with the source behaviour that causes errors, the importance-sampled error probabilities
// of the type code and the decay slope fitted to them, and the curve e over [0, topological
// entropy).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "coding_exponent.hpp"
#include "experiments.hpp"

namespace assay::mdp_types {

struct CodingReport {
  CodingExponent exponent;         // at R
  Eigen::MatrixXd twisted_kernel;  // the exponent's, or K itself when it has none
  double entropy_rate = 0;
  double topological_entropy = 0;
  // Per length; NaN unless e(R) is finite and paths > 0.
  std::vector<double> error_probability, standard_error;
  std::vector<double> normalised_exponent;  // -(1/n) log P_err; NaN when P_err is 0
  DecayFit fit;  // NaN unless at least four lengths with positive estimates
  std::vector<double> curve_rates, curve_exponents;  // curve_points rates from 0
};

CodingReport coding_report(const Eigen::MatrixXd& kernel, double rate,
                           const std::vector<int>& lengths, std::int64_t paths, int curve_points,
                           std::uint64_t seed, const BlockRunner& run = run_blocks_serially);

}  // namespace assay::mdp_types
