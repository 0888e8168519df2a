// Cross-generator evaluation of a detector: for each held-out generator, its fakes of the
// evaluation images against those same real images (so the semantics match and only the
// artifacts differ).
#pragma once

#include <vector>

#include "detector.hpp"

namespace assay::aigi_artifacts {

struct GeneratorScore {
  int generator = 0;    // family index
  double accuracy = 0;  // at logit 0, over reals and fakes (equal counts)
  double ap = 0;        // average precision, fakes positive
  double auc = 0;
};

struct HeldOutEvaluation {
  std::vector<GeneratorScore> per_generator;
  double accuracy = 0;  // means over the held-out generators
  double map = 0;
  double auc = 0;
  // Effective rank (exp entropy of normalised singular values) of the centred 64 features of
  // the real evaluation images and all held-out fakes.
  double effective_rank = 0;
};

// fakes[g]: generator g's images of the evaluation images `reals`, row for row.
HeldOutEvaluation evaluate_held_out(const Detector& detector, const nn::Matrix& reals,
                                    const std::vector<nn::Matrix>& fakes,
                                    const std::vector<int>& held_out);

}  // namespace assay::aigi_artifacts
