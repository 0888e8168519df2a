#include "belief.hpp"

#include <algorithm>
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

namespace {

double x_log_x(double x) { return x > 0 ? x * std::log(x) : 0.0; }

}  // namespace

InformationGainRule::InformationGainRule(const SensorModel& model)
    : model_(model),
      h_true_(binary_entropy(model.true_positive_rate)),
      h_false_(binary_entropy(model.false_positive_rate)) {
  // d I / d b = (tpr - fpr) log((1 - p) / p) - h(tpr) + h(fpr) = 0 at p*, b* = (p* - fpr) /
  // (tpr - fpr).
  const double tpr = model.true_positive_rate, fpr = model.false_positive_rate;
  if (tpr != fpr)
    b_star_ = (1 / (1 + std::exp((h_true_ - h_false_) / (tpr - fpr))) - fpr) / (tpr - fpr);
}

double InformationGainRule::gain_at(double b) const {
  const double p_detect = b * model_.true_positive_rate + (1 - b) * model_.false_positive_rate;
  return binary_entropy(p_detect) - b * h_true_ - (1 - b) * h_false_;
}

int InformationGainRule::most_informative_segment(const Eigen::VectorXd& belief) const {
  // An uninformative sensor gains 0 everywhere: the first segment is taken.
  if (model_.true_positive_rate == model_.false_positive_rate) return 0;
  double below = -1, above = 2;  // closest belief values at or below / above b*
  for (double b : belief) {
    if (b <= b_star_)
      below = std::max(below, b);
    else
      above = std::min(above, b);
  }
  const double gain_below = below >= 0 ? gain_at(below) : -1;
  const double gain_above = above <= 1 ? gain_at(above) : -1;
  // Ties in gain go to the first segment, as a scan with a strict comparison would.
  for (int k = 0; k < belief.size(); ++k) {
    const double b = belief(k);
    if ((b == below && gain_below >= gain_above) || (b == above && gain_above >= gain_below))
      return k;
  }
  return 0;
}

int most_informative_segment(const Eigen::VectorXd& belief, const SensorModel& model) {
  return InformationGainRule(model).most_informative_segment(belief);
}

double bayes_update_in_place(Eigen::VectorXd& belief, const SensorModel& model, int segment,
                             bool detected, double entropy) {
  const double hit = detected ? model.true_positive_rate : 1 - model.true_positive_rate;
  const double miss = detected ? model.false_positive_rate : 1 - model.false_positive_rate;
  const double b = belief(segment);
  const double z = miss * (1 - b) + hit * b;
  // sum_i b'_i log b'_i with b'_i = b_i miss / z off the segment: (miss / z) (sum_{i != k}
  // b_i log b_i + (1 - b_k) log(miss / z)), plus b'_k log b'_k.
  const double rest = -entropy - x_log_x(b);
  const double scale = miss / z;
  const double others = scale > 0 ? scale * (rest + (1 - b) * std::log(scale)) : 0.0;
  belief *= scale;
  belief(segment) = b * hit / z;
  return -(others + x_log_x(belief(segment)));
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
