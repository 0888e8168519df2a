#include "learning_curve.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace assay::data_exchange {

LearningCurve LearningCurve::power_law(double a_max, double c, double alpha) {
  LearningCurve f;
  f.a_max_ = a_max;
  f.c_ = c;
  f.alpha_ = alpha;
  return f;
}

LearningCurve LearningCurve::tabulated(std::vector<double> sizes, std::vector<double> accuracies) {
  if (sizes.empty() || sizes.size() != accuracies.size())
    throw std::invalid_argument("learning curve: needs as many accuracies as sizes, at least one");
  LearningCurve f;
  f.tabulated_ = true;
  double best = accuracies.front();
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    if (!(sizes[k] > 0) || (k > 0 && !(sizes[k] > sizes[k - 1])))
      throw std::invalid_argument("learning curve: sizes must be positive and increasing");
    best = std::max(best, accuracies[k]);
    f.log_sizes_.push_back(std::log(sizes[k]));
    f.accuracies_.push_back(best);
  }
  return f;
}

double LearningCurve::operator()(double examples) const {
  if (!tabulated_) return a_max_ - c_ * std::pow(std::max(examples, 1.0), -alpha_);
  const double x = std::log(std::max(examples, 1e-300));
  if (x <= log_sizes_.front()) return accuracies_.front();
  if (x >= log_sizes_.back()) return accuracies_.back();
  const auto hi = std::upper_bound(log_sizes_.begin(), log_sizes_.end(), x) - log_sizes_.begin();
  const auto lo = hi - 1;
  const double w = (x - log_sizes_[lo]) / (log_sizes_[hi] - log_sizes_[lo]);
  return (1 - w) * accuracies_[lo] + w * accuracies_[hi];
}

}  // namespace assay::data_exchange
