#include "belief_weights.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>

namespace assay::belief_search {

namespace weight_arithmetic {

double resum(double* weights, double* log_weights, int n, int stride) {
  double total = 0;
  for (int k = 0; k < n; ++k) total += weights[k * stride];
  const int exponent = total > 0 ? std::ilogb(total) : 0;
  if (std::abs(exponent) <= kRange) return total;
  const double factor = std::ldexp(1.0, -exponent), log_factor = exponent * std::numbers::ln2;
  for (int k = 0; k < n; ++k) {
    weights[k * stride] *= factor;
    log_weights[k * stride] -= log_factor;
  }
  return std::ldexp(total, -exponent);
}

double entropy(const double* weights, const double* log_weights, int n, int stride) {
  // H = log W - sum_k w_k log w_k / W, W = sum_k w_k, with 0 log 0 = 0.
  double total = 0, weighted_log = 0;
  for (int k = 0; k < n; ++k) {
    const double w = weights[k * stride];
    total += w;
    if (w > 0) weighted_log += w * log_weights[k * stride];
  }
  return std::max(0.0, std::log(total) - weighted_log / total);
}

}  // namespace weight_arithmetic

void BeliefWeights::reset(const Eigen::VectorXd& prior, const Eigen::VectorXd& log_prior) {
  weight_ = prior;  // no allocation once the size is known
  log_weight_ = log_prior;
  resum();
}

void BeliefWeights::observe(int first, int count, const LookLikelihood& likelihood) {
  if (likelihood.other == 0) {
    // The reading rules out every other hypothesis: no ratio to the other likelihood exists.
    for (Eigen::Index k = 0; k < weight_.size(); ++k) {
      if (k >= first && k < first + count) {
        weight_(k) *= likelihood.target;
        log_weight_(k) += likelihood.log_target;
      } else {
        weight_(k) = 0;
        log_weight_(k) = -std::numeric_limits<double>::infinity();
      }
    }
    return resum();
  }
  const LikelihoodRatio by = likelihood_ratio(likelihood);
  for (int k = first; k < first + count; ++k) scale(k, by);
}

void BeliefWeights::resum() {
  total_ = weight_arithmetic::resum(weight_.data(), log_weight_.data(),
                                    static_cast<int>(weight_.size()), 1);
  peak_total_ = total_;
}

double BeliefWeights::entropy() const {
  return weight_arithmetic::entropy(weight_.data(), log_weight_.data(),
                                    static_cast<int>(weight_.size()), 1);
}

}  // namespace assay::belief_search
