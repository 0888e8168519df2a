#include "irt_fit.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "paper_claims.hpp"
#include "population.hpp"

namespace mc = assay::monoculture;

namespace {

mc::PopulationDraw simulate(mc::PopulationSpec spec, std::uint64_t seed,
                            mc::PopulationTruth& truth) {
  std::mt19937_64 rng(seed);
  truth = mc::draw_truth(spec, rng);
  return mc::draw_responses(truth, rng);
}

// Standard error of each ability: 1 / sqrt(Fisher information), the information of model m
// being sum_j E[p (1 - p)] under each item's posterior.
Eigen::VectorXd ability_standard_errors(const Eigen::MatrixXd& y, const mc::IrtFit& fit) {
  const auto post = mc::item_posteriors(y, fit.parameters, fit.grid).weights;
  Eigen::VectorXd info = Eigen::VectorXd::Zero(y.rows());
  for (Eigen::Index q = 0; q < fit.grid.z.size(); ++q)
    for (Eigen::Index m = 0; m < y.rows(); ++m) {
      const double p =
          mc::sigmoid(fit.parameters.ability(m) - fit.parameters.difficulty_sd * fit.grid.z(q));
      info(m) += post.col(q).sum() * p * (1 - p);
    }
  return info.cwiseInverse().cwiseSqrt();
}

}  // namespace

TEST_CASE("rasch fit recovers abilities within their standard errors", "[monoculture]") {
  mc::PopulationSpec spec;
  spec.models = 20;
  spec.items = 1000;
  mc::PopulationTruth truth;
  const auto d = simulate(spec, 5, truth);
  const mc::IrtFit fit = mc::fit_irt(d.responses, {});
  REQUIRE(fit.converged);
  // The fit measures abilities against the item population's mean (0), the truth against
  // the sampled items' mean: compare centred abilities.
  const Eigen::VectorXd err = (fit.parameters.ability.array() - fit.parameters.ability.mean()) -
                              (truth.ability.array() - truth.ability.mean());
  const Eigen::VectorXd z = err.cwiseQuotient(ability_standard_errors(d.responses, fit));
  // Centred errors: sum z^2 ~ chi^2 with 19 degrees of freedom, 0.1% and 99.9% quantiles
  // 5.41 and 43.82.
  CHECK(z.squaredNorm() <= 43.82);
  CHECK(z.squaredNorm() >= 5.41);
}

TEST_CASE("rasch fit recovers the difficulty spread", "[monoculture]") {
  // Normal-normal empirical Bayes: the marginal variance tau^2 = sd_b^2 + s^2 (s^2: mean
  // posterior variance of an item's difficulty) is estimated with SE tau^2 sqrt(2 / J), so
  // sd_b has SE tau^2 / (sd_b sqrt(2 J)) around the sampled difficulties' own spread.
  mc::PopulationSpec spec;
  spec.models = 30;
  spec.items = 2000;
  spec.difficulty_sd = 1.5;
  mc::PopulationTruth truth;
  const auto d = simulate(spec, 6, truth);
  const mc::IrtFit fit = mc::fit_irt(d.responses, {});
  const double sample_sd =
      std::sqrt((truth.difficulty.array() - truth.difficulty.mean()).square().mean());
  const auto post = mc::item_posteriors(d.responses, fit.parameters, fit.grid).weights;
  const double sd = fit.parameters.difficulty_sd;
  const Eigen::ArrayXd z = fit.grid.z.array(), mean = (post * fit.grid.z).array();
  const double s2 = sd * sd * ((post * z.square().matrix()).array() - mean.square()).mean();
  const double se = (sd * sd + s2) / (sd * std::sqrt(2.0 * spec.items));
  CHECK(std::abs(sd - sample_sd) <= 4 * se);
}

TEST_CASE("EM climbs the marginal likelihood", "[monoculture]") {
  // The M-step takes Fisher-scoring steps rather than exact maximisations (a generalised EM),
  // which near the optimum can overshoot by second-order amounts; a drop of more than 1e-6
  // per item would be a real descent.
  mc::PopulationSpec spec;
  spec.models = 12;
  spec.items = 400;
  mc::PopulationTruth truth;
  const auto d = simulate(spec, 7, truth);
  double previous = -INFINITY;
  for (int iterations : {1, 2, 4, 8, 16, 64}) {
    mc::IrtFitOptions o;
    o.max_iterations = iterations;
    o.tolerance = 0;  // run exactly `iterations`
    const double ll = mc::fit_irt(d.responses, o).log_likelihood;
    CHECK(ll >= previous - 1e-6 * spec.items);
    previous = ll;
  }
}

TEST_CASE("2pl fit recovers abilities and discriminations", "[monoculture]") {
  // With 60 models an item's log a has SE ~ 1 / sqrt(sum_m p(1-p)(theta_m - b)^2) ~ 0.3, so
  // against a spread of 0.5 the expected correlation is ~0.85; 0.6 leaves room for the prior's
  // shrinkage. Abilities come from 200 items each (SE ~ 0.17): correlation ~0.99.
  mc::PopulationSpec spec;
  spec.model = mc::PopulationModel::two_pl;
  spec.models = 60;
  spec.items = 200;
  spec.log_discrimination_sd = 0.5;
  mc::PopulationTruth truth;
  const auto d = simulate(spec, 8, truth);
  mc::IrtFitOptions o;
  o.model = mc::IrtModel::two_pl;
  const mc::IrtFit fit = mc::fit_irt(d.responses, o);
  CHECK(fit.converged);
  CHECK(mc::correlation(fit.parameters.ability, truth.ability) >= 0.95);
  CHECK(mc::correlation(fit.parameters.discrimination.array().log().matrix(),
                        truth.discrimination.array().log().matrix()) >= 0.6);
  // The 2PL nests the Rasch model at a = 1, where its prior costs nothing.
  CHECK(fit.log_likelihood >= mc::fit_irt(d.responses, {}).log_likelihood);
}

TEST_CASE("fits do not depend on how item blocks are scheduled", "[monoculture]") {
  mc::PopulationSpec spec;
  spec.model = mc::PopulationModel::two_pl;
  spec.models = 10;
  spec.items = 300;
  mc::PopulationTruth truth;
  const auto d = simulate(spec, 9, truth);
  auto reversed = [](std::size_t n, std::size_t grain, const mc::LoopBody& body) {
    const std::size_t blocks = (n + grain - 1) / grain;
    for (std::size_t b = blocks; b-- > 0;) body(b * grain, std::min(n, (b + 1) * grain));
  };
  mc::IrtFitOptions o;
  o.model = mc::IrtModel::two_pl;
  o.max_iterations = 20;
  const mc::IrtFit serial = mc::fit_irt(d.responses, o);
  const mc::IrtFit shuffled = mc::fit_irt(d.responses, o, reversed);
  CHECK(serial.parameters.ability == shuffled.parameters.ability);
  CHECK(serial.parameters.discrimination == shuffled.parameters.discrimination);
}

TEST_CASE("fit rejects responses that are not 0/1", "[monoculture]") {
  Eigen::MatrixXd y = Eigen::MatrixXd::Zero(3, 3);
  y(1, 1) = 0.5;
  CHECK_THROWS_AS(mc::fit_irt(y, {}), std::invalid_argument);
}

TEST_CASE("node terms equal per-entry log-sigmoids, over several product blocks", "[monoculture]") {
  // 2,500 models span three blocks of the product of 1 + e; abilities out to +-40 make e
  // underflow-small at some nodes, and the 1,250 models of ability 0 give 1 + e = 2 at the
  // node b = 0, where a single product of all 2,500 factors would overflow. The reference
  // takes one log1p per entry. A sum of 2,500 terms carries a relative rounding error of at
  // most ~2,500 x 1.1e-16, hence 1e-12.
  const Eigen::Index models = 2500;
  Eigen::VectorXd ability = Eigen::VectorXd::LinSpaced(models, -40.0, 40.0);
  for (Eigen::Index m = 0; m < models; m += 2) ability(m) = 0.0;
  Eigen::VectorXd y(models);
  for (Eigen::Index m = 0; m < models; ++m) y(m) = m % 3 == 0 ? 1.0 : 0.0;
  const Eigen::VectorXd b = Eigen::VectorXd::LinSpaced(9, -8.0, 8.0);
  const double a = 1.7;
  mc::ItemNodeTerms terms;
  mc::item_node_terms(y, ability, a, b, terms);
  const Eigen::MatrixXd response_prob = mc::response_probability(y, terms);
  for (Eigen::Index q = 0; q < b.size(); ++q) {
    double direct = 0;
    for (Eigen::Index m = 0; m < models; ++m) {
      const double x = a * (ability(m) - b(q)), signed_x = y(m) == 1.0 ? x : -x;
      const double log_p = std::min(signed_x, 0.0) - std::log1p(std::exp(-std::abs(x)));
      direct += log_p;
      // Probabilities down to e^-82 keep their relative accuracy.
      CHECK(response_prob(m, q) == Approx(std::exp(log_p)).epsilon(1e-13));
      CHECK(terms.prob(m, q) == Approx(1 / (1 + std::exp(-x))).epsilon(1e-13));
    }
    CHECK(terms.log_lik(q) == Approx(direct).epsilon(1e-12));
  }
}
