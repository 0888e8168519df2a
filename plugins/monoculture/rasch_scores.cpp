#include "rasch_scores.hpp"

#include <cmath>

#include "irt_fit.hpp"

namespace assay::monoculture {

RaschScores rasch_scores(const Eigen::MatrixXd& responses) {
  const auto models = responses.rows(), items = responses.cols();
  RaschScores out;
  out.score = responses.colwise().sum().transpose().cast<int>();
  out.items_with_score = Eigen::VectorXd::Zero(models + 1);
  out.right_by_score = Eigen::MatrixXd::Zero(models, models + 1);
  for (Eigen::Index j = 0; j < items; ++j) {
    out.items_with_score(out.score(j)) += 1;
    out.right_by_score.col(out.score(j)) += responses.col(j);
  }
  out.right_count = responses.rowwise().sum();
  return out;
}

ScorePosteriors rasch_score_posteriors(const Eigen::VectorXd& ability, double difficulty_sd,
                                       const QuadratureGrid& grid) {
  const auto models = ability.size(), nodes = grid.z.size();
  const Eigen::VectorXd b = difficulty_sd * grid.z;
  // log prior + sum_m log sigma(b_q - theta_m), with log sigma(x) = min(x, 0) - log(1 + e^-|x|);
  // the sum of the logs of 1 + e^-|x| <= 2 is taken as the log of their product, as in
  // item_node_terms (irt_fit.cpp), which rasch_scores_test compares with.
  ItemNodeTerms wrong;
  item_node_terms(Eigen::VectorXd::Zero(models), ability, 1.0, b, wrong);
  const Eigen::ArrayXd all_wrong = grid.log_prior.array() + wrong.log_lik.transpose().array();
  ScorePosteriors out{Eigen::MatrixXd(models + 1, nodes), Eigen::VectorXd(models + 1)};
  for (Eigen::Index s = 0; s <= models; ++s) {
    const Eigen::ArrayXd log_w = all_wrong.array() - static_cast<double>(s) * b.array();
    const double top = log_w.maxCoeff();
    const Eigen::ArrayXd w = (log_w - top).exp();
    const double total = w.sum();
    out.weights.row(s) = (w / total).matrix().transpose();
    out.log_norm(s) = top + std::log(total);
  }
  return out;
}

double rasch_log_likelihood(const RaschScores& scores, const ScorePosteriors& posteriors,
                            const Eigen::VectorXd& ability) {
  return scores.items_with_score.dot(posteriors.log_norm) + scores.right_count.dot(ability);
}

}  // namespace assay::monoculture
