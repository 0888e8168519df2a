// The Rasch model's sufficient statistic for an item's difficulty is its number of correct
// answers s_j: with x_m = theta_m - b,
//   sum_m [y_m log sigma(x_m) + (1 - y_m) log sigma(-x_m)]
//     = sum_m log sigma(b - theta_m) + sum_m y_m theta_m - s_j b,
// so all items with the same score share one posterior over the difficulty grid. The E-step
// then costs O(models^2 x nodes) whatever the number of items, and the M-step needs only how
// many items have each score and how many of those each model answered right.
#pragma once

#include <Eigen/Core>

#include "quadrature_grid.hpp"

namespace assay::monoculture {

struct RaschScores {
  Eigen::VectorXi score;             // s_j, per item
  Eigen::VectorXd items_with_score;  // n_s, s = 0..models
  Eigen::MatrixXd right_by_score;    // models x (models + 1): items of score s model m got right
  Eigen::VectorXd right_count;       // per model: items answered right
};

// responses: models x items, entries 0 or 1.
RaschScores rasch_scores(const Eigen::MatrixXd& responses);

struct ScorePosteriors {
  Eigen::MatrixXd weights;  // (models + 1) x nodes: the posterior of an item of score s
  // Per score, log sum_q prior_q prod_m P(y_m | b_q) for an item of that score, less the
  // item's sum_m y_m theta_m (added back by rasch_log_likelihood).
  Eigen::VectorXd log_norm;
};

ScorePosteriors rasch_score_posteriors(const Eigen::VectorXd& ability, double difficulty_sd,
                                       const QuadratureGrid& grid);

// The marginal log-likelihood of all responses.
double rasch_log_likelihood(const RaschScores& scores, const ScorePosteriors& posteriors,
                            const Eigen::VectorXd& ability);

}  // namespace assay::monoculture
