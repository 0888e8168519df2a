#include "seed_fraction.hpp"

#include <algorithm>
#include <boost/math/distributions/binomial.hpp>

namespace assay::belief_search {

SeedFraction seed_fraction(const std::vector<bool>& outcomes, double confidence) {
  SeedFraction f;
  f.runs = static_cast<int>(outcomes.size());
  f.successes = static_cast<int>(std::count(outcomes.begin(), outcomes.end(), true));
  f.confidence = confidence;
  using boost::math::binomial_distribution;
  f.lower_bound = binomial_distribution<>::find_lower_bound_on_p(
      f.runs, f.successes, 1 - confidence, binomial_distribution<>::clopper_pearson_exact_interval);
  return f;
}

}  // namespace assay::belief_search
