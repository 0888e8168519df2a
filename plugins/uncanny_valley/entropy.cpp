#include "entropy.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace assay::uncanny_valley {

double renyi_entropy(const std::vector<double>& weights, double alpha) {
  if (!(alpha >= 0)) throw std::invalid_argument("alpha: " + std::to_string(alpha) + " < 0");
  double total = 0;
  for (double w : weights) {
    if (!(w >= 0)) throw std::invalid_argument("weights: " + std::to_string(w) + " < 0");
    total += w;
  }
  if (!(total > 0)) throw std::invalid_argument("weights: no positive weight");
  double sum = 0;
  for (double w : weights) {
    if (w == 0) continue;
    const double q = w / total;
    sum += alpha == 1 ? -q * std::log2(q) : std::pow(q, alpha);
  }
  return alpha == 1 ? sum : std::log2(sum) / (1 - alpha);
}

}  // namespace assay::uncanny_valley
