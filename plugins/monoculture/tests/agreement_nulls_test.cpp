#include "agreement_nulls.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "irt_fit.hpp"
#include "population.hpp"
#include "reference_agreement.hpp"

namespace mc = assay::monoculture;

namespace {

mc::IrtParameters rasch_parameters(Eigen::VectorXd ability, double difficulty_sd,
                                   Eigen::Index items) {
  mc::IrtParameters p;
  p.ability = std::move(ability);
  p.discrimination = Eigen::VectorXd::Ones(items);
  p.difficulty = Eigen::VectorXd::Zero(items);
  p.difficulty_sd = difficulty_sd;
  return p;
}

}  // namespace

TEST_CASE("marginal null is the agreement of independent coins", "[monoculture]") {
  const Eigen::MatrixXd m = mc::marginal_null(Eigen::Vector2d(0.8, 0.6));
  CHECK(m(0, 1) == Approx(0.8 * 0.6 + 0.2 * 0.4).margin(1e-15));
  CHECK(m(1, 0) == Approx(m(0, 1)).margin(1e-15));
}

TEST_CASE("observed agreement counts agreeing pairs per item", "[monoculture]") {
  Eigen::MatrixXd y(3, 2);
  y << 1, 0,  //
      1, 1,   //
      0, 1;
  const Eigen::MatrixXd by_item = mc::observed_agreement_by_item(y, {mc::all_pairs(3)});
  CHECK(by_item(0, 0) == 1.0);  // only models 0 and 1 agree on item 0
  CHECK(by_item(1, 0) == 1.0);  // only models 1 and 2 agree on item 1
  const Eigen::MatrixXd pair = mc::pair_agreement(y);
  CHECK(pair(0, 1) == 0.5);
  CHECK(pair(0, 2) == 0.0);
}

TEST_CASE("item null of a lone pair is the closed-form integral over the difficulty prior",
          "[monoculture]") {
  // With no other models the leave-pair-out posterior is the prior, so the expected agreement
  // is the integral itself; the grid (81 nodes) and adaptive Gauss-Kronrod must agree.
  for (double sd : {0.3, 1.0, 2.5}) {
    const mc::IrtParameters p = rasch_parameters(Eigen::Vector2d(0.3, -0.5), sd, 1);
    Eigen::MatrixXd y(2, 1);
    y << 1, 0;
    const auto null =
        mc::item_null_agreement(y, p, mc::make_quadrature_grid(81), {mc::all_pairs(2)});
    CHECK(null.by_item(0, 0) == Approx(mc::rasch_agreement_integral(0.3, -0.5, sd)).margin(1e-8));
  }
}

TEST_CASE("leave-pair-out null equals direct enumeration over the grid", "[monoculture]") {
  // a = 1 takes the Rasch route (1 item: node terms shared by all items; 8 items: the table
  // by number of other models right), a = 1.7 the per-item 2PL route.
  Eigen::VectorXd ability(4);
  ability << 0.5, -0.2, 1.0, -1.3;
  Eigen::MatrixXd all(4, 8);
  all << 1, 0, 1, 1, 0, 1, 0, 1,  //
      0, 0, 1, 1, 1, 0, 0, 1,     //
      1, 0, 0, 1, 1, 1, 0, 1,     //
      0, 1, 0, 1, 0, 0, 0, 1;
  const mc::QuadratureGrid grid = mc::make_quadrature_grid(61);
  for (Eigen::Index items : {1, 8})
    for (double a : {1.0, 1.7}) {
      const Eigen::MatrixXd y = all.leftCols(items);
      mc::IrtParameters p = rasch_parameters(ability, 1.3, items);
      p.discrimination.setConstant(a);
      const auto null = mc::item_null_agreement(y, p, grid, {mc::all_pairs(4)});
      // Pair (0, 1): on each item, the posterior of the node difficulty from models 2 and 3.
      double mean = 0;
      for (Eigen::Index j = 0; j < items; ++j) {
        double num = 0, den = 0;
        for (Eigen::Index q = 0; q < grid.z.size(); ++q) {
          const double b = 1.3 * grid.z(q);
          auto pr = [&](int m) { return mc::sigmoid(a * (ability(m) - b)); };
          auto lik = [&](int m) { return y(m, j) == 1.0 ? pr(m) : 1 - pr(m); };
          const double w = std::exp(grid.log_prior(q)) * lik(2) * lik(3);
          num += w * (pr(0) * pr(1) + (1 - pr(0)) * (1 - pr(1)));
          den += w;
        }
        mean += num / den / static_cast<double>(items);
      }
      CHECK(null.pair_mean(0, 1) == Approx(mean).margin(1e-12));
      CHECK(null.pair_mean(1, 0) == Approx(mean).margin(1e-12));
    }
}

TEST_CASE("item null with the true parameters is unbiased on Rasch responses", "[monoculture]") {
  // Under the Rasch model the leave-pair-out expected agreement has the pair's agreement as
  // its expectation, so observed - null averages to 0 within its standard error over items.
  std::mt19937_64 rng(11);
  mc::PopulationSpec spec;
  spec.models = 8;
  spec.items = 3000;
  spec.difficulty_sd = 1.5;
  const mc::PopulationTruth truth = mc::draw_truth(spec, rng);
  const mc::PopulationDraw d = mc::draw_responses(truth, rng);
  const mc::IrtParameters p = rasch_parameters(truth.ability, 1.5, spec.items);
  const auto group = mc::all_pairs(spec.models);
  const auto null = mc::item_null_agreement(d.responses, p, mc::make_quadrature_grid(81), {group});
  const Eigen::VectorXd diff =
      (mc::observed_agreement_by_item(d.responses, {group}).col(0) - null.by_item.col(0)) /
      group.pairs();
  const double se =
      std::sqrt((diff.array() - diff.mean()).square().sum() / (diff.size() - 1) / diff.size());
  CHECK(std::abs(diff.mean()) <= 4 * se);
}
