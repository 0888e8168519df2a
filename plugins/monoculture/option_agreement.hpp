// Same wrong option: among pairs that are both wrong on a multiple-choice item, how often they
// chose the same wrong option. Item null: two wrong answers drawn independently from the
// item's wrong-option distribution q_j, so P(same) = sum_c q_j(c)^2 over wrong options c,
// estimated from the OTHER wrong models on the item by the unbiased U-statistic
// sum_c n_c (n_c - 1) / (n (n - 1)). A pair counts on an item only when both are wrong and at
// least two other models are wrong.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "pair_groups.hpp"

namespace assay::monoculture {

// items x groups, each summed over a group's eligible pairs on the item.
struct OptionAgreementByItem {
  Eigen::MatrixXd eligible;  // number of eligible pairs
  Eigen::MatrixXd same;      // pairs that chose the same wrong option
  Eigen::MatrixXd expected;  // the null's probability of the same option, summed over pairs
};

// choices: models x items; for wrong responses an option code >= 1 (0 is the correct option).
// Throws std::invalid_argument if shapes differ or a wrong response has choice 0.
OptionAgreementByItem option_agreement_by_item(const Eigen::MatrixXd& responses,
                                               const Eigen::MatrixXd& choices,
                                               const std::vector<PairGroup>& groups);

}  // namespace assay::monoculture
