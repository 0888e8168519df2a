#include "concept_detection.hpp"

#include <algorithm>
#include <stdexcept>

namespace assay::superactivators {

double quantile(std::vector<double> v, double q) {
  if (v.empty()) throw std::invalid_argument("quantile of no values");
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<std::size_t>(pos);
  std::nth_element(v.begin(), v.begin() + lo, v.end());
  const double a = v[lo];
  if (lo + 1 >= v.size()) return a;
  const double b = *std::min_element(v.begin() + lo + 1, v.end());
  return a + (pos - lo) * (b - a);
}

double tail_fraction(const Eigen::VectorXd& act, const Eigen::VectorXi& labels, double q) {
  std::vector<double> in, out;
  for (Eigen::Index i = 0; i < act.size(); ++i) {
    if (labels(i) == 1) in.push_back(act(i));
    if (labels(i) == 0) out.push_back(act(i));
  }
  const double threshold = quantile(out, q);
  return static_cast<double>(
             std::count_if(in.begin(), in.end(), [&](double a) { return a > threshold; })) /
         std::max<std::size_t>(in.size(), 1);
}

std::string aggregator_name(Aggregator a) {
  static const char* names[] = {"max", "mean", "last", "random"};
  return names[static_cast<int>(a)];
}

Eigen::VectorXd aggregate(const Eigen::VectorXd& act, int tokens, Aggregator a,
                          std::mt19937_64& rng) {
  const Eigen::Index images = act.size() / tokens;
  Eigen::VectorXd s(images);
  std::uniform_int_distribution<int> any(0, tokens - 1);
  for (Eigen::Index n = 0; n < images; ++n) {
    const auto seg = act.segment(n * tokens, tokens);
    switch (a) {
      case Aggregator::max:
        s(n) = seg.maxCoeff();
        break;
      case Aggregator::mean:
        s(n) = seg.mean();
        break;
      case Aggregator::last:
        s(n) = seg(tokens - 1);
        break;
      case Aggregator::random:
        s(n) = seg(any(rng));
        break;
    }
  }
  return s;
}

double f1_at(const Eigen::VectorXd& scores, const Eigen::VectorXi& positive, double threshold) {
  double tp = 0, fp = 0, fn = 0;
  for (Eigen::Index i = 0; i < scores.size(); ++i) {
    const bool called = scores(i) > threshold;
    tp += called && positive(i);
    fp += called && !positive(i);
    fn += !called && positive(i);
  }
  return tp == 0 ? 0 : 2 * tp / (2 * tp + fp + fn);
}

double best_threshold(const Eigen::VectorXd& scores, const Eigen::VectorXi& positive) {
  std::vector<double> s(scores.data(), scores.data() + scores.size());
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  double best = s.front() - 1, best_f1 = f1_at(scores, positive, best);
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    const double t = (s[i] + s[i + 1]) / 2, f = f1_at(scores, positive, t);
    if (f > best_f1) best_f1 = f, best = t;
  }
  return best;
}

std::vector<double> default_sparsity_levels() {
  return {0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95};
}

Detection detect_concept(const DetectionSplit& cal, const DetectionSplit& test, int tokens,
                         const std::vector<double>& p, std::mt19937_64& rng) {
  std::vector<double> in;
  for (Eigen::Index i = 0; i < cal.activations.size(); ++i)
    if (cal.token_labels(i) == 1) in.push_back(cal.activations(i));
  Detection d;
  d.p = p;
  const auto cal_max = aggregate(cal.activations, tokens, Aggregator::max, rng);
  const auto test_max = aggregate(test.activations, tokens, Aggregator::max, rng);
  double best_cal = -1;
  for (double level : p) {
    const double tau = quantile(in, 1 - level);
    const double cal_f1 = f1_at(cal_max, cal.image_labels, tau);
    d.curve_f1.push_back(f1_at(test_max, test.image_labels, tau));
    if (cal_f1 > best_cal)
      best_cal = cal_f1, d.chosen_p = level, d.superactivator_f1 = d.curve_f1.back();
  }
  for (int a = 0; a < aggregator_count; ++a) {
    const auto agg = static_cast<Aggregator>(a);
    const double t = best_threshold(aggregate(cal.activations, tokens, agg, rng), cal.image_labels);
    d.baseline_f1.push_back(
        f1_at(aggregate(test.activations, tokens, agg, rng), test.image_labels, t));
  }
  return d;
}

}  // namespace assay::superactivators
