// Error exponent of fixed-rate universal (type-based) coding of a Markov source.
//
// The type code of rate R keeps every path whose pair type has empirical conditional entropy
// H(L_n) <= R; there are at most (n+1)^{|Z|^2} e^{nR} of them, and a path is lost exactly
// when H(L_n) > R. By the method of types
//   e(R) = min { D(Q || K | q) : Q shift-invariant, H(Q) >= R },
// which is 0 up to the entropy rate H(K), and by Lagrange duality with the Donsker-Varadhan
// formula log rho(W) = max_Q [H(Q) + sum Q log W],
//   e(R) = sup_{s >= 0} [ s R - (1 + s) log rho(K^{1/(1+s)}) ]   (entrywise power),
// the minimising Q being the stationary pair measure of the Doob transform of K^{1/(1+s*)}.
#pragma once

#include <Eigen/Core>
#include <random>
#include <vector>

namespace assay::mdp_types {

// H(K): the conditional entropy of the stationary pair measure of K.
double entropy_rate(const Eigen::MatrixXd& kernel);

// log rho(1[K > 0]): the largest conditional entropy any shift-invariant Q on K's transitions
// reaches. Above it no path is ever lost and e(R) is infinite.
double topological_entropy(const Eigen::MatrixXd& kernel);

struct CodingExponent {
  double exponent = 0;             // e(R)
  double multiplier = 0;           // s*
  Eigen::MatrixXd twisted_kernel;  // the most likely way to be lost
  Eigen::MatrixXd pair;            // its stationary pair measure
};

CodingExponent coding_exponent(const Eigen::MatrixXd& kernel, double rate);

// P(H(L_n) > R) by importance sampling from `proposal` (a kernel with the same support as
// `kernel`): each path's indicator weighted by its likelihood ratio. Z_0 ~ initial under both.
struct ErrorEstimate {
  double probability = 0;
  double standard_error = 0;
};
ErrorEstimate type_code_error(const Eigen::MatrixXd& kernel, const Eigen::MatrixXd& proposal,
                              const Eigen::VectorXd& initial, double rate, int n,
                              std::int64_t paths, std::mt19937_64& rng);

}  // namespace assay::mdp_types

namespace assay::mdp_types {

// Weighted least-squares fit of log P(n) = a - e n - c log n to estimates with standard errors
// (the log n term absorbs the polynomial prefactor of the type bounds), giving the decay
// slope e and its standard error.
struct DecayFit {
  double slope = 0;
  double slope_se = 0;
  double log_prefactor_power = 0;  // c
};
DecayFit fit_exponential_decay(const std::vector<int>& lengths,
                               const std::vector<ErrorEstimate>& estimates);

}  // namespace assay::mdp_types
