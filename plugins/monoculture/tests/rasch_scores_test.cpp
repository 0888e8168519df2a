#include "rasch_scores.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "irt_fit.hpp"
#include "population.hpp"

namespace mc = assay::monoculture;

TEST_CASE("score-grouped rasch posteriors equal each item's own posterior", "[monoculture]") {
  // The score is sufficient, so grouping by it must reproduce the item-by-item computation
  // (posterior and marginal log-likelihood) up to rounding.
  mc::PopulationSpec spec;
  spec.models = 7;
  spec.items = 60;
  std::mt19937_64 rng(21);
  const mc::PopulationTruth truth = mc::draw_truth(spec, rng);
  const Eigen::MatrixXd y = mc::draw_responses(truth, rng).responses;
  mc::IrtParameters p;
  p.ability = truth.ability;
  p.discrimination = Eigen::VectorXd::Ones(spec.items);
  p.difficulty_sd = 1.2;
  const mc::QuadratureGrid grid = mc::make_quadrature_grid(41);
  const mc::ItemPosteriors grouped = mc::item_posteriors(y, p, grid);
  const Eigen::VectorXd b = p.difficulty_sd * grid.z;
  double log_likelihood = 0;
  mc::ItemNodeTerms terms;
  for (Eigen::Index j = 0; j < spec.items; ++j) {
    mc::item_node_terms(y.col(j), p.ability, 1.0, b, terms);
    const Eigen::ArrayXd log_w = terms.log_lik.transpose() + grid.log_prior;
    const double top = log_w.maxCoeff();
    const double total = (log_w - top).exp().sum();
    log_likelihood += top + std::log(total);
    const Eigen::RowVectorXd direct = ((log_w - top).exp() / total).matrix().transpose();
    CHECK((grouped.weights.row(j) - direct).cwiseAbs().maxCoeff() <= 1e-12);
  }
  CHECK(grouped.log_likelihood == Approx(log_likelihood).epsilon(1e-12));
}

TEST_CASE("rasch scores count items per score and right answers per model", "[monoculture]") {
  Eigen::MatrixXd y(3, 4);
  y << 1, 0, 1, 1,  //
      1, 0, 0, 1,   //
      0, 0, 1, 1;
  const mc::RaschScores s = mc::rasch_scores(y);
  CHECK(s.score(0) == 2);
  CHECK(s.score(1) == 0);
  CHECK(s.score(3) == 3);
  CHECK(s.items_with_score(0) == 1);
  CHECK(s.items_with_score(2) == 2);  // items 0 and 2
  CHECK(s.items_with_score(3) == 1);
  CHECK(s.right_by_score(0, 2) == 2);  // model 0 is right on items 0 and 2
  CHECK(s.right_by_score(1, 2) == 1);
  CHECK(s.right_count(2) == 2);
}
