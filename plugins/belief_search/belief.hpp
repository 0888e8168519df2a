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

struct Look {
  int segment = 0;
  bool detected = false;
};

// The posterior by enumerating hypotheses against the whole history (no recursion): used to
// test that the sequential update is exact.
Eigen::VectorXd posterior_by_enumeration(const Eigen::VectorXd& prior, const SensorModel& model,
                                         const std::vector<Look>& history);

}  // namespace assay::belief_search
