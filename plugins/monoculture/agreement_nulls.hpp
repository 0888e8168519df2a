// Agreement of two models on an item: both right or both wrong, [Y_ij == Y_kj]. A null model
// says how often two *independent* models would agree:
//   marginal null:  independent coins with each model's accuracy a_i,
//                   P(agree) = a_i a_k + (1 - a_i)(1 - a_k) on every item;
//   item null:      independent given the item, with IRT probabilities p_ij = P(right | b_j),
//                   P(agree on j) = E[p_ij p_kj + (1 - p_ij)(1 - p_kj)], where the item's
//                   difficulty is integrated over its posterior given the responses of the
//                   OTHER models (the pair is left out), so a pair's own agreement never
//                   informs the null it is judged against. Under the IRT model this expected
//                   agreement is unbiased for the pair's agreement; which models are "the
//                   others" is exactly the population choice the paper calls subjective.
#pragma once

#include <Eigen/Core>
#include <string_view>
#include <vector>

#include "irt_model.hpp"
#include "pair_groups.hpp"
#include "parallel_loop.hpp"
#include "quadrature_grid.hpp"

namespace assay::monoculture {

enum class NullModel { marginal, rasch, two_pl };
NullModel parse_null_model(std::string_view name);  // marginal | rasch | 2pl

// items x groups: for each item, the sum over a group's pairs of the observed agreement.
Eigen::MatrixXd observed_agreement_by_item(const Eigen::MatrixXd& responses,
                                           const std::vector<PairGroup>& groups);

// models x models: each pair's agreement averaged over items.
Eigen::MatrixXd pair_agreement(const Eigen::MatrixXd& responses);

// models x models: the marginal null for accuracies a.
Eigen::MatrixXd marginal_null(const Eigen::VectorXd& accuracy);

// The marginal null averaged over a group's pairs, with accuracies computed from items drawn
// item_counts(j, r) times each (a column of ones: the data as observed); one value per column.
// Responses 0 or 1, counts whole numbers.
Eigen::VectorXd marginal_null_for_group(const Eigen::MatrixXd& responses,
                                        const Eigen::MatrixXd& item_counts, const PairGroup& group);

struct ItemNullAgreement {
  Eigen::MatrixXd by_item;    // items x groups: sum over the group's pairs of expected agreement
  Eigen::MatrixXd pair_mean;  // models x models: expected agreement averaged over items
};

ItemNullAgreement item_null_agreement(const Eigen::MatrixXd& responses,
                                      const IrtParameters& parameters, const QuadratureGrid& grid,
                                      const std::vector<PairGroup>& groups,
                                      const ParallelLoop& loop = serial_loop);

}  // namespace assay::monoculture
