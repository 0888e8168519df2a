// The exact one-sided binomial test behind the learning-order checks: is an event (e.g. "the
// large component is learned first") more likely than not, from k successes in n independent
// replicates? The replicate count is chosen in advance so that both error rates are stated.
#pragma once

namespace assay::qnn_spectral {

// P(X >= k) for X ~ Binomial(n, p).
double binomial_upper_tail(int n, int k, double p);

// Test of H0: p <= 1/2 against H1: p >= alternative with k >= threshold as the decision rule:
// false pass at most alpha when p <= 1/2, false fail at most beta when p >= alternative.
struct MajorityTestDesign {
  int replicates = 0;
  int threshold = 0;
  double alpha = 0;        // attained P(pass | p = 1/2) <= requested alpha
  double power = 0;        // attained P(pass | p = alternative) >= 1 - requested beta
  double alternative = 0;  // the planned effect size p1
};

// The smallest n (and its threshold) meeting both error rates.
MajorityTestDesign design_majority_test(double alpha, double beta, double alternative);

}  // namespace assay::qnn_spectral
