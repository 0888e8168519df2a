// How well a model answers explicit "how many x?" items, read two ways at the ARROW: the digit
// it prefers among the ten digit tokens (constrained choice), and the token it would generate
// greedily over the whole vocabulary (free generation, first token).
#pragma once

#include "counting_model.hpp"

namespace assay::counting_bottleneck {

struct AnswerAccuracy {
  double constrained = 0;  // argmax over the digit logits is the count
  double free = 0;         // argmax over all logits is the count's digit
  double digit_share = 0;  // the free argmax is some digit (right or wrong)
};

// The logits at the ARROW of each item (items x vocab).
Eigen::MatrixXd answer_logits(const CountingModel& model, const std::vector<Sequence>& items);

AnswerAccuracy answer_accuracy(const CountingModel& model, const std::vector<Sequence>& items);

}  // namespace assay::counting_bottleneck
