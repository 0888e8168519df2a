// The belief over which segment holds the answer: Bayes updates from detector outputs, its
// entropy, and the expected information gain of looking at a segment.
#pragma once
#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <optional>
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
// there is none, with the sentinels -1 and 2 as values). Over unnormalised weights the same
// with b* times their total in place of b*.
struct BeliefScan {
  double top = 0;
  double below = -1, above = 2;
  int below_at = -1, above_at = -1;
  int top_at = -1;  // the first index of the top value
};
// The scan of `belief` around `threshold` (InformationGainRule::b_star(), or b* times the total
// of unnormalised weights).
BeliefScan scan_belief(const Eigen::VectorXd& belief, double threshold);
// The scan of weights as the scan of the belief they give: values divided by `total`, sentinels
// kept.
inline BeliefScan normalised_scan(BeliefScan scan, double total) {
  const double inverse = 1 / total;
  scan.top *= inverse;
  if (scan.below_at >= 0) scan.below *= inverse;
  if (scan.above_at >= 0) scan.above *= inverse;
  return scan;
}

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

  // Of two bracketing belief values, the one whose segment the rule looks at: the larger gain;
  // `tie` on equal gains (the rule then takes the smaller index).
  enum class Bracket { below, above, tie };
  Bracket better(double below, double above) const;

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

// The controller's look from a scan of the belief: InformationGainRule's choice, with a binary
// model's two bracket gains compared in its GainTable where the table decides.
class LookChooser {
 public:
  using Bracket = InformationGainRule::Bracket;
  explicit LookChooser(const SensorModel& model);
  double b_star() const { return rule_.b_star(); }
  int look(const BeliefScan& scan) const;
  // InformationGainRule::better, deciding by the table where it can.
  Bracket better(double below, double above) const;

 private:
  InformationGainRule rule_;
  std::optional<GainTable> table_;
};

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
