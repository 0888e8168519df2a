// The belief over which segment holds the answer: Bayes updates from detector outputs, its
// entropy, and the expected information gain of looking at a segment.
#pragma once
#include <Eigen/Dense>
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

// I(H; Y_k) = H(Y_k) - H(Y_k | H), in closed form for a detector.
double expected_information_gain(const Eigen::VectorXd& belief, const SensorModel& model,
                                 int segment);

// argmax_k I(H; Y_k), the first k on ties. I(H; Y_k) depends on belief(k) alone and is concave
// in it, so only the two belief values bracketing its maximiser need evaluating: O(K)
// comparisons and four logarithms instead of 2K. The sensor's constants are computed once.
class InformationGainRule {
 public:
  explicit InformationGainRule(const SensorModel& model);
  int most_informative_segment(const Eigen::VectorXd& belief) const;

 private:
  double gain_at(double b) const;

  SensorModel model_;
  double h_true_ = 0, h_false_ = 0;  // h(TPR), h(FPR)
  double b_star_ = 0;                // the belief value with the largest gain
};

int most_informative_segment(const Eigen::VectorXd& belief, const SensorModel& model);

// bayes_update in place; returns the posterior's entropy computed from the prior's `entropy`
// in O(1): only the looked-at segment's likelihood differs from the others'.
double bayes_update_in_place(Eigen::VectorXd& belief, const SensorModel& model, int segment,
                             bool detected, double entropy);

struct Look {
  int segment = 0;
  bool detected = false;
};

// The posterior by enumerating hypotheses against the whole history (no recursion): used to
// test that the sequential update is exact.
Eigen::VectorXd posterior_by_enumeration(const Eigen::VectorXd& prior, const SensorModel& model,
                                         const std::vector<Look>& history);

}  // namespace assay::belief_search
