#include "majority_test.hpp"

#include <cmath>
#include <stdexcept>

namespace assay::qnn_spectral {

double binomial_upper_tail(int n, int k, double p) {
  double tail = 0;
  for (int i = std::max(k, 0); i <= n; ++i)
    tail += std::exp(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) +
                     i * std::log(p) + (n - i) * std::log1p(-p));
  return tail;
}

MajorityTestDesign design_majority_test(double alpha, double beta, double alternative) {
  if (!(alternative > 0.5 && alternative < 1) || !(alpha > 0) || !(beta > 0))
    throw std::invalid_argument("design_majority_test: need alpha, beta > 0 and 1/2 < p1 < 1");
  // The tails shrink exponentially in n, so this loop ends; 10^5 guards nonsense inputs.
  for (int n = 1; n < 100000; ++n) {
    int k = n / 2;
    while (k <= n && binomial_upper_tail(n, k, 0.5) > alpha) ++k;
    if (k > n) continue;
    const double power = binomial_upper_tail(n, k, alternative);
    if (power >= 1 - beta) return {n, k, binomial_upper_tail(n, k, 0.5), power, alternative};
  }
  throw std::invalid_argument("design_majority_test: no design below 10^5 replicates");
}

}  // namespace assay::qnn_spectral
