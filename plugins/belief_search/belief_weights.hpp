// The belief over which segment holds the answer kept as unnormalised weights, belief(k) =
// weight(k) / total(). Bayes' rule only needs the likelihoods up to a common factor, so a look
// multiplies the looked-at hypotheses' weights by target / other and leaves every other weight
// alone: O(1) per look for a one-segment answer, where renormalising the belief costs O(K).
#pragma once
#include <Eigen/Dense>
#include <algorithm>

#include "belief.hpp"

namespace assay::belief_search {

// What a reading multiplies the looked-at weights by: target / other, and its logarithm.
struct LikelihoodRatio {
  double ratio = 1, log_ratio = 0;
};
// Defined for likelihood.other > 0.
inline LikelihoodRatio likelihood_ratio(const LookLikelihood& likelihood) {
  return {likelihood.target / likelihood.other, likelihood.log_target - likelihood.log_other};
}

// The arithmetic on weights, written once for BeliefWeights and for LaneController (whose
// episodes' weights interleave: weight k of a lane at k * stride), so both give the same bits.
namespace weight_arithmetic {

// A running total updated by subtraction carries rounding error relative to the largest total
// since it was last summed; it is summed afresh (resum) once it falls kDrift below that, and
// rescaled when it leaves [2^-kRange, 2^(kRange + 1)).
inline constexpr double kDrift = 64;
inline constexpr int kRange = 64;

// One weight multiplied by a likelihood ratio, the total and its peak updated; returns whether
// the weights need a resum.
inline bool scale(double& weight, double& log_weight, double& total, double& peak,
                  const LikelihoodRatio& by) {
  const double before = weight;
  weight = before * by.ratio;
  log_weight += by.log_ratio;
  total += weight - before;
  peak = std::max(peak, total);
  return total < peak / kDrift || total >= 0x1.0p65;
}

// The weights' sum in index order, all weights scaled by a power of two when it lies outside
// the range (exact, so ties and order survive); returns the sum after scaling.
double resum(double* weights, double* log_weights, int n, int stride);

// Shannon entropy of the belief the weights give, in nats: O(n) with one logarithm.
double entropy(const double* weights, const double* log_weights, int n, int stride);

}  // namespace weight_arithmetic

class BeliefWeights {
 public:
  // A prior and its logarithm (log_prior may be off by a constant; -inf where prior is 0).
  void reset(const Eigen::VectorXd& prior, const Eigen::VectorXd& log_prior);

  // Bayes update after a reading that takes the target likelihood on hypotheses
  // first .. first + count - 1 and the other likelihood on the rest.
  void observe(int first, int count, const LookLikelihood& likelihood);
  // observe() for one hypothesis, k, with the likelihood ratio known: the controller's hot path.
  void scale(int k, const LikelihoodRatio& by) {
    if (weight_arithmetic::scale(weight_(k), log_weight_(k), total_, peak_total_, by)) resum();
  }

  const Eigen::VectorXd& weights() const { return weight_; }
  double total() const { return total_; }
  double belief(int k) const { return weight_(k) / total_; }
  double entropy() const;

 private:
  void resum();

  Eigen::VectorXd weight_, log_weight_;
  double total_ = 0;
  double peak_total_ = 0;  // the largest total since the last resum
};

}  // namespace assay::belief_search
