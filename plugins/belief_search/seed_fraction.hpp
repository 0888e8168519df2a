// A claim about a training procedure, not about one run of it: each of several independently
// seeded runs either shows the outcome or not, and the claim bounds the probability that a run
// shows it. One seed cannot carry such a claim (with either normal generator one of six seeds
// stalled, a different one each time).
#pragma once
#include <vector>

namespace assay::belief_search {

struct SeedFraction {
  int runs = 0;
  int successes = 0;
  double confidence = 0;
  // Clopper-Pearson (exact binomial) one-sided lower confidence bound on P(success): the p at
  // which P(X >= successes | runs, p) = 1 - confidence; 0 when there is no success.
  double lower_bound = 0;
};

SeedFraction seed_fraction(const std::vector<bool>& outcomes, double confidence);

}  // namespace assay::belief_search
