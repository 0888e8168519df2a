// Tokenisation entropy as a function of the fragmentation rate: the Shannon and Renyi entropies
// of the expected unigram distribution of tokens (expected count of each token over the expected
// total) of a corpus fragmented at each rate p, exact (see expected_tokens.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "expected_tokens.hpp"

namespace assay::uncanny_valley {

struct EntropyPoint {
  double p = 0;
  Perturbation kind = Perturbation::random;
  double shannon = 0;        // bits
  double renyi = 0;          // bits, at the curve's alpha
  double tokens = 0;         // expected tokens in the corpus
  double insertions = 0;     // expected spaces inserted
  std::int64_t support = 0;  // tokens with a positive expected count
};

std::vector<EntropyPoint> entropy_curve(const ExpectedTokenCounts& counts,
                                        const std::vector<double>& rates,
                                        const std::vector<Perturbation>& kinds, double alpha);

// The rate of the curve's largest value of `entropy` among the points of `kind` (the first on a
// tie).
double peak_rate(const std::vector<EntropyPoint>& curve, Perturbation kind,
                 double EntropyPoint::*entropy);

}  // namespace assay::uncanny_valley
