#include "belief.hpp"

#include <cmath>

namespace assay::belief_search {

Eigen::VectorXd observation_likelihood(const SensorModel& model, int segments, int segment,
                                       bool detected) {
  const double hit = detected ? model.true_positive_rate : 1 - model.true_positive_rate;
  const double miss = detected ? model.false_positive_rate : 1 - model.false_positive_rate;
  Eigen::VectorXd likelihood = Eigen::VectorXd::Constant(segments, miss);
  likelihood(segment) = hit;
  return likelihood;
}

Eigen::VectorXd bayes_update(const Eigen::VectorXd& belief, const SensorModel& model, int segment,
                             bool detected) {
  Eigen::VectorXd posterior = belief.cwiseProduct(
      observation_likelihood(model, static_cast<int>(belief.size()), segment, detected));
  return posterior / posterior.sum();
}

double entropy(const Eigen::VectorXd& distribution) {
  double h = 0;
  for (double p : distribution)
    if (p > 0) h -= p * std::log(p);
  return h;
}

double binary_entropy(double p) {
  double h = 0;
  if (p > 0) h -= p * std::log(p);
  if (p < 1) h -= (1 - p) * std::log(1 - p);
  return h;
}

double expected_information_gain(const Eigen::VectorXd& belief, const SensorModel& model,
                                 int segment) {
  const double b = belief(segment);
  const double p_detect = b * model.true_positive_rate + (1 - b) * model.false_positive_rate;
  return binary_entropy(p_detect) - b * binary_entropy(model.true_positive_rate) -
         (1 - b) * binary_entropy(model.false_positive_rate);
}

Eigen::VectorXd posterior_by_enumeration(const Eigen::VectorXd& prior, const SensorModel& model,
                                         const std::vector<Look>& history) {
  Eigen::VectorXd joint(prior.size());
  for (Eigen::Index h = 0; h < prior.size(); ++h) {
    double p = prior(h);
    for (const Look& look : history) {
      const double rate = look.segment == h ? model.true_positive_rate : model.false_positive_rate;
      p *= look.detected ? rate : 1 - rate;
    }
    joint(h) = p;
  }
  return joint / joint.sum();
}

}  // namespace assay::belief_search
