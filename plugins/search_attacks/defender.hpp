// The adaptive defender: a logistic filter over the reader's passage features, fitted on the
// injected passages the attacker has shown so far (positives) against clean retrieved passages
// (negatives). Passages it scores above 0.5 are hidden from the reader.
#pragma once

#include <memory>
#include <vector>

#include "attack_genome.hpp"

namespace assay::search_attacks {

struct LabelledPassages {
  std::vector<nn::Matrix> rows;  // one 1 x reader_features() row each
  std::vector<float> injected;   // 1 for an attacker's passage
};

// The passages the agent retrieves at the genome's targeted hop of each question (queried with
// the true bridge entity), labelled by origin.
void collect_passages(const Environment& env, const Genome& g, const std::vector<int>& questions,
                      LabelledPassages& out);

class InjectionFilter {
 public:
  // Fits a fresh logistic regression (Adam, full batch, positives and negatives weighted equally).
  InjectionFilter(const LabelledPassages& data, int steps, double lr, nn::Rng& rng);
  std::vector<bool> keep(const ReaderInput& in) const;
  double flagged_share(const LabelledPassages& data, bool injected) const;

 private:
  nn::Matrix weight_;  // reader_features() x 1
  float bias_ = 0;
};

}  // namespace assay::search_attacks
