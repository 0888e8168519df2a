// Pairwise margins: closed form against the head, Monte Carlo against Phi, bounds bracket.
#include "task_confusion.hpp"

#include <Eigen/Cholesky>
#include <catch2/catch.hpp>
#include <cmath>

#include "confusion_sweep.hpp"
#include "decentering.hpp"
#include "gaussian_tasks.hpp"

namespace cil = assay::cil_decentering;

namespace {
cil::GaussianTasks asymmetric_population(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  cil::TaskGeometry g;
  g.dim = 6;
  g.class_radius = 2.5;
  g.task_distance = 1.5;
  g.norm_asymmetry = 2.0;
  g.condition_number = 30;
  return cil::make_gaussian_tasks(g, rng);
}
}  // namespace

TEST_CASE("closed-form sequential margins equal (kappa - 1) sqrt(gamma) / 2 and the head's",
          "[cil_decentering]") {
  const auto p = asymmetric_population(3);
  const auto seq = cil::sequential_population_head(p.means, p.sigma, p.class_task);
  const auto pairs = cil::sequential_separation(p);
  REQUIRE(pairs.size() == 54);
  for (const auto& pair : pairs) {
    CHECK(cil::standardized_margin(seq, p, pair.i, pair.i, pair.j) ==
          Approx(pair.margin).epsilon(1e-9).margin(1e-12));
    if (pair.tau > 0)
      CHECK((pair.kappa - 1) * std::sqrt(pair.gamma) / 2 == Approx(pair.margin).epsilon(1e-9));
  }
}

TEST_CASE("Monte Carlo pairwise cross-task errors match Phi(-M) within 4 SE", "[cil_decentering]") {
  const auto p = asymmetric_population(5);
  const auto seq = cil::sequential_population_head(p.means, p.sigma, p.class_task);
  std::mt19937_64 rng(8);
  const int n = 20000;
  const auto s = cil::sample_gaussian_tasks(p, n, rng);
  const Eigen::MatrixXd z = seq.logits(s.features);
  for (int i : {0, 4, 8})
    for (int j : {1, 5, 7}) {
      if (p.class_task(i) == p.class_task(j)) continue;
      const double expected = cil::normal_upper_tail(cil::standardized_margin(seq, p, i, i, j));
      const double observed =
          (z.middleRows(i * n, n).col(j).array() > z.middleRows(i * n, n).col(i).array())
              .cast<double>()
              .mean();
      const double se = std::sqrt(std::max(expected * (1 - expected), 1e-6) / n);
      CHECK(std::abs(observed - expected) < 4 * se);
    }
}

TEST_CASE("collinear construction: kappa = 2 r / D for facing classes, 0 for aligned ones",
          "[cil_decentering]") {
  std::mt19937_64 rng(1);
  cil::TaskGeometry g;
  g.tasks = 2;
  g.classes = 2;
  g.dim = 2;
  g.class_radius = 1.0;
  g.task_distance = 5.0;
  g.layout = cil::Layout::collinear;
  const auto p = cil::make_gaussian_tasks(g, rng);
  // Class 1 of task 0 sits at +r towards task 1; class 2 (task 1, class 0) at D - r.
  for (const auto& pair : cil::sequential_separation(p)) {
    if (pair.i == 1 && pair.j == 2) CHECK(pair.kappa == Approx(2.0 / 5.0));
    if (pair.i == 0 && pair.j == 2) CHECK(pair.kappa == 0.0);  // same centred offset
  }
  CHECK(cil::summarize(cil::sequential_separation(p)).kappa_min == 0.0);
}

TEST_CASE("Monte Carlo task confusion lies between the lower and upper bounds",
          "[cil_decentering]") {
  for (std::uint64_t seed : {2, 6}) {
    const auto p = asymmetric_population(seed);
    const auto seq = cil::sequential_population_head(p.means, p.sigma, p.class_task);
    const auto dec = cil::decenter(seq, p.means, p.sigma, p.class_task);
    std::mt19937_64 rng(seed + 100);
    for (const auto* head : {&seq, &dec}) {
      const auto mc = cil::monte_carlo_task_confusion(*head, p, 4000, rng);
      CHECK(mc.confusion <= cil::task_confusion_upper_bound(*head, p) + 4 * mc.standard_error);
      CHECK(mc.confusion >= cil::task_confusion_lower_bound(*head, p) - 4 * mc.standard_error);
    }
  }
}

TEST_CASE("the de-centered head's pairwise margins are half the Mahalanobis class distances",
          "[cil_decentering]") {
  const auto p = asymmetric_population(7);
  const auto dec = cil::decenter(cil::sequential_population_head(p.means, p.sigma, p.class_task),
                                 p.means, p.sigma, p.class_task);
  const Eigen::LLT<Eigen::MatrixXd> chol(p.sigma);
  for (int i = 0; i < 9; ++i)
    for (int j = 0; j < 9; ++j) {
      if (i == j) continue;
      const Eigen::VectorXd d = (p.means.row(i) - p.means.row(j)).transpose();
      CHECK(cil::standardized_margin(dec, p, i, i, j) ==
            Approx(0.5 * std::sqrt(d.dot(chol.solve(d)))).epsilon(1e-9));
    }
}

TEST_CASE("the sweep summary takes excesses only where kappa > 1", "[cil_decentering]") {
  cil::ConfusionRow separated, not_separated;
  separated.kappa_min = 2;
  separated.sequential_confusion = 0.1;
  separated.sequential_upper_bound = 0.3;
  separated.first_task_confusion = 0.2;
  separated.decentered_confusion = 0.05;
  separated.decentered_upper_bound = 0.04;
  not_separated.kappa_min = 0.5;
  not_separated.sequential_confusion = 0.9;
  not_separated.sequential_upper_bound = 0.1;
  not_separated.first_task_confusion = 0.95;
  not_separated.decentered_confusion = 0.0;
  not_separated.decentered_upper_bound = 0.2;
  const auto s = cil::summarize_sweep({separated, not_separated});
  REQUIRE(s.max_excess_separated);
  CHECK(*s.max_excess_separated == Approx(-0.2));
  CHECK(s.min_sequential_confusion == 0.1);
  CHECK(s.max_sequential_confusion == 0.9);
  CHECK(s.max_first_task_confusion == 0.95);
  CHECK(s.max_excess_decentered == Approx(0.01));
  CHECK(std::isnan(cil::summarize_sweep({}).max_excess_decentered));
  CHECK_FALSE(cil::summarize_sweep({not_separated}).max_excess_separated);
}
