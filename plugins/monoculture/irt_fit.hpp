// Marginal maximum likelihood for the Rasch and 2PL models by EM (Bock-Aitkin style), with
// the roles that suit model leaderboards: few models, many items. Item difficulties are the
// random effect, integrated over a quadrature grid; abilities and discriminations are fixed
// parameters. E-step: each item's posterior over the grid. M-step: Fisher-scoring steps for
// the abilities, log sd_b and (2PL) log discriminations on the expected complete-data
// log-likelihood (Rasch: the E-step runs per item score, rasch_scores.hpp). Discriminations carry a
// log-normal(0, tau^2) prior (Bayes modal, as in mirt/BILOG) because an item whose column is sorted
// by ability has an infinite 2PL MLE, and abilities a N(0, 10^2) penalty so a model that answers
// every item right stays finite. The 2PL scale is fixed by the geometric mean of the
// discriminations being 1.
#pragma once

#include <Eigen/Core>

#include "irt_model.hpp"
#include "parallel_loop.hpp"
#include "quadrature_grid.hpp"

namespace assay::monoculture {

struct IrtFitOptions {
  IrtModel model = IrtModel::rasch;
  int grid_points = 81;
  int max_iterations = 500;
  double tolerance = 1e-5;                   // largest parameter change counted as converged
  double log_discrimination_prior_sd = 0.5;  // tau
};

struct IrtFit {
  IrtParameters parameters;
  QuadratureGrid grid;
  double log_likelihood = 0;  // marginal log-likelihood at the returned parameters
  int iterations = 0;
  bool converged = false;
};

// Posterior of each item's difficulty over the grid (items x nodes, rows sum to 1) and the
// marginal log-likelihood of the responses.
struct ItemPosteriors {
  Eigen::MatrixXd weights;
  double log_likelihood = 0;
};

// One item at every grid node q (difficulty b_q), models x nodes: each model's probability of
// answering right (prob) and, summed over the models, the log-likelihood of the item's
// observed responses (log_lik, one per node). x = a (theta - b_q), e = exp(-|x|) and
// inv = 1 / (1 + e) are kept for response_probability, the rest is scratch; a reused
// ItemNodeTerms allocates once.
struct ItemNodeTerms {
  Eigen::MatrixXd prob;
  Eigen::RowVectorXd log_lik;
  Eigen::ArrayXXd x, e, inv, one_plus_e, sign_term;
};
void item_node_terms(const Eigen::VectorXd& responses, const Eigen::VectorXd& ability,
                     double discrimination, const Eigen::VectorXd& node_difficulty,
                     ItemNodeTerms& out);

// P(y_m | node q) of the responses item_node_terms was given, models x nodes, computed from e
// so that a probability near 0 keeps its relative accuracy.
Eigen::MatrixXd response_probability(const Eigen::VectorXd& responses, const ItemNodeTerms& terms);

// responses: models x items, entries 0 or 1 (throws std::invalid_argument otherwise).
void require_binary_responses(const Eigen::MatrixXd& responses);

ItemPosteriors item_posteriors(const Eigen::MatrixXd& responses, const IrtParameters& parameters,
                               const QuadratureGrid& grid, const ParallelLoop& loop = serial_loop);

IrtFit fit_irt(const Eigen::MatrixXd& responses, const IrtFitOptions& options,
               const ParallelLoop& loop = serial_loop);

}  // namespace assay::monoculture
