// The belief over which segment holds the answer: Bayes updates from detector outputs, its
// entropy, and the expected information gain of looking at a segment.
#pragma once
#include <Eigen/Dense>
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

// argmax_k I(H; Y_k), the first k on ties. I(H; Y_k) depends on belief(k) alone and is concave
// in it, so only the two belief values bracketing its maximiser need evaluating: O(K)
// comparisons and four logarithms instead of 2K. The sensor's constants are computed once. With a
// graded detector the maximiser is found by golden-section search (I is concave in b: mutual
// information is concave in the input distribution). `belief` may be the answer's marginal
// P(segment k holds the answer) when the answer spans several segments: a look's reading
// depends on the hypothesis only through that event, so I(H; Y_k) is the same function of it.
class InformationGainRule {
 public:
  explicit InformationGainRule(const SensorModel& model);
  int most_informative_segment(const Eigen::VectorXd& belief) const;

 private:
  double gain_at(double b) const;
  // gain_at at two belief values; a binary detector's four logarithms in one vector operation.
  std::array<double, 2> gains_at(double b1, double b2) const;

  SensorModel model_;
  bool informative_ = true;
  double h_true_ = 0, h_false_ = 0;  // h(TPR), h(FPR)
  double b_star_ = 0;                // the belief value with the largest gain
};

int most_informative_segment(const Eigen::VectorXd& belief, const SensorModel& model);

// bayes_update in place; returns the posterior's entropy computed from the prior's `entropy`
// in O(1): only the looked-at segment's likelihood differs from the others'.
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
