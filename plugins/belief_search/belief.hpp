// The belief over which segment holds the answer: Bayes updates from detector outputs, its
// entropy, and the expected information gain of looking at a segment.
#pragma once
#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <vector>

#include "search_episode.hpp"

namespace assay::belief_search {

// P(observation | answer in h) for a look at `segment`, for every hypothesis h.
Eigen::VectorXd observation_likelihood(const SensorModel& model, int segments, int segment,
                                       bool detected);

// Posterior after one look: belief * likelihood, renormalised.
Eigen::VectorXd bayes_update(const Eigen::VectorXd& belief, const SensorModel& model, int segment,
                             bool detected);

// Shannon entropy in nats.
double entropy(const Eigen::VectorXd& distribution);

// Binary entropy h(p) in nats.
double binary_entropy(double p);

// The likelihood of one reading if the looked-at segment holds the answer (`target`) and if it
// does not (`other`), up to a common factor. Binary: the rates; graded: the N(mu, 1) score
// densities with mu = Phi^-1 of the model's TPR / FPR.
struct LookLikelihood {
  double target = 1;
  double other = 1;
  double log_target = 0;  // their logarithms (-inf for 0)
  double log_other = 0;
};
LookLikelihood look_likelihood(const SensorModel& model, const Reading& reading);

// I(H; Y_k) = H(Y_k) - H(Y_k | H), in closed form for a binary detector.
double expected_information_gain(const Eigen::VectorXd& belief, const SensorModel& model,
                                 int segment);

// I(H; Y) of one look at a segment holding the answer with probability b: the closed form for a
// binary detector; for a graded one b E1[log f1/m] + (1-b) E0[log f0/m], m = b f1 + (1-b) f0,
// by Gauss-Hermite quadrature over the N(+-d^2/2, d^2) log-likelihood ratio, d = mu1 - mu0.
double look_information_gain(const SensorModel& model, double b);

// What the controller decides from: the belief's top value (the stopping rule) and the two
// values that bracket the information gain's maximiser b* (the look rule). `below`: the largest
// value at or below b*; `above`: the smallest value above it; each at its first index (-1 when
// there is none, with the sentinels -1 and 2 as values).
struct BeliefScan {
  double top = 0;
  double below = -1, above = 2;
  int below_at = -1, above_at = -1;
};
// The scan of `belief` around b_star (InformationGainRule::b_star()).
BeliefScan scan_belief(const Eigen::VectorXd& belief, double b_star);

// argmax_k I(H; Y_k), the first k on ties. I(H; Y_k) depends on belief(k) alone and is concave
// in it, so only the two belief values bracketing its maximiser b* need evaluating: O(K)
// comparisons and four logarithms instead of 2K. The sensor's constants are computed once. With
// a graded detector the maximiser is found by golden-section search (I is concave in b: mutual
// information is concave in the input distribution). `belief` may be the answer's marginal
// P(segment k holds the answer) when the answer spans several segments: a look's reading
// depends on the hypothesis only through that event, so I(H; Y_k) is the same function of it.
class InformationGainRule {
 public:
  explicit InformationGainRule(const SensorModel& model);
  int most_informative_segment(const Eigen::VectorXd& belief) const;
  // The same from the belief's scan around b_star().
  int most_informative_segment(const BeliefScan& scan) const;
  double b_star() const { return b_star_; }

 private:
  double gain_at(double b) const;
  // gain_at at two belief values; a binary detector's four logarithms in one expression.
  std::array<double, 2> gains_at(double b1, double b2) const;

  SensorModel model_;
  bool informative_ = true;
  double h_true_ = 0, h_false_ = 0;  // h(TPR), h(FPR)
  double b_star_ = 0;                // the belief value with the largest gain
};

int most_informative_segment(const Eigen::VectorXd& belief, const SensorModel& model);

// A binary detector's look gain I(b) on a grid of b, linearly interpolated, for deciding many
// look-rule comparisons quickly: two interpolated gains further apart than decisive_gap() are
// ordered as the exact gains are; closer pairs are left to InformationGainRule. Exists for rates
// strictly inside (0, 1) (exists()), where I'' is bounded.
class GainTable {
 public:
  explicit GainTable(const SensorModel& model);
  bool exists() const { return !gains_.empty(); }
  // 0 <= b <= 1.
  double gain(double b) const {
    const double x = b * kIntervals;
    const int i = std::min(static_cast<int>(x), kIntervals - 1);
    return gains_[i] + (x - i) * (gains_[i + 1] - gains_[i]);
  }
  double decisive_gap() const { return decisive_gap_; }

 private:
  static constexpr int kIntervals = 4096;
  std::vector<double> gains_;  // I(i / kIntervals)
  double decisive_gap_ = 0;
};

// One Bayes update after a look at segment k with prior belief b = b_k there and likelihoods
// `hit` (the looked-at segment) and `miss` (the others): every other belief value is multiplied
// by `scale`, b_k becomes `posterior`, and `entropy` is the posterior's, from the prior's
// entropy in O(1) (only the looked-at segment's likelihood differs from the others'). Written
// once for doubles and for lanes of doubles (LaneController), so both do the same arithmetic.
template <class Real>
struct BayesStep {
  Real scale, posterior, entropy;
};

// The normaliser z = P(reading) / (common factor).
template <class Real>
Real bayes_normaliser(const Real& b, const Real& hit, const Real& miss) {
  return miss * (1 - b) + hit * b;
}

// From log b (0 where b = 0), log z and the likelihoods' logarithms: sum_i b'_i log b'_i with
// b'_i = b_i miss / z off the segment is (miss / z) (sum_{i != k} b_i log b_i + (1 - b_k)
// log(miss / z)), plus b'_k log b'_k.
template <class Real>
BayesStep<Real> bayes_step(const Real& b, const Real& z, const Real& hit, const Real& miss,
                           const Real& log_b, const Real& log_z, const Real& log_target,
                           const Real& log_other, const Real& entropy) {
  const Real rest = -entropy - b * log_b;
  const Real scale = miss / z;
  const Real others_if_miss = scale * (rest + (1 - b) * (log_other - log_z));
  const Real others = miss > 0 ? others_if_miss : 0.0;
  const Real posterior = b * hit / z;
  const Real self_if_posterior = posterior * (log_b + log_target - log_z);
  const Real self = posterior > 0 ? self_if_posterior : 0.0;
  return {scale, posterior, -(others + self)};
}

// bayes_update in place; returns the posterior's entropy (bayes_step).
double bayes_update_in_place(Eigen::VectorXd& belief, const SensorModel& model, int segment,
                             bool detected, double entropy);
double bayes_update_in_place(Eigen::VectorXd& belief, const LookLikelihood& likelihood, int segment,
                             double entropy);

// P(segment k holds the answer) for a belief over the answer's first segment, span `span`.
Eigen::VectorXd answer_marginal(const Eigen::VectorXd& belief, int span);

// Bayes update of a belief over the answer's first segment after a look at `segment`: the
// hypotheses h with h <= segment < h + span take the target likelihood. Returns the entropy.
double bayes_update_span(Eigen::VectorXd& belief, const LookLikelihood& likelihood, int segment,
                         int span);

struct Look {
  int segment = 0;
  bool detected = false;
  double score = 0;  // read when the model is graded
};

// The posterior by enumerating hypotheses (the answer's first segment) against the whole
// history, with the likelihoods written out from the sensor's definition: used to test that
// the sequential update is exact.
Eigen::VectorXd posterior_by_enumeration(const Eigen::VectorXd& prior, const SensorModel& model,
                                         const std::vector<Look>& history, int answer_span = 1);

}  // namespace assay::belief_search
