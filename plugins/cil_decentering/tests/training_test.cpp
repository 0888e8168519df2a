// Softmax training, the gauge fixed by the penalty, and the structural offset.
#include <catch2/catch.hpp>
#include <cmath>

#include "decentering.hpp"
#include "gaussian_tasks.hpp"
#include "incremental_training.hpp"
#include "offset_diagnostic.hpp"
#include "paper_claims.hpp"

namespace cil = assay::cil_decentering;

namespace {
cil::GaussianTasks small_population(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  cil::TaskGeometry g;
  g.dim = 5;
  g.condition_number = 5;
  g.norm_asymmetry = 2;
  return cil::make_gaussian_tasks(g, rng);
}
}  // namespace

TEST_CASE("l2-trained softmax heads are centred: weights and biases sum to zero per task",
          "[cil_decentering]") {
  const auto p = small_population(2);
  std::mt19937_64 rng(5);
  const auto s = cil::sample_gaussian_tasks(p, 60, rng);
  const cil::SoftmaxFitOptions options{1e-3};
  cil::SoftmaxFitReport report;
  const auto joint = cil::fit_softmax_regression(s.features, s.labels, 9, options, &report);
  CHECK(report.converged);
  CHECK(joint.weights.colwise().sum().cwiseAbs().maxCoeff() < 1e-8);
  CHECK(std::abs(joint.biases.sum()) < 1e-8);
  const auto seq = cil::train_sequential(s.features, s.labels, p.class_task, options);
  for (int t = 0; t < 3; ++t) {
    CHECK(seq.weights.middleRows(3 * t, 3).colwise().sum().cwiseAbs().maxCoeff() < 1e-8);
    CHECK(std::abs(seq.biases.segment(3 * t, 3).sum()) < 1e-8);
  }
}

TEST_CASE("population sequential minus joint offsets equal the closed form for every pair",
          "[cil_decentering]") {
  const auto p = small_population(4);
  const auto pairs = cil::cross_task_pairs(p.class_task);
  REQUIRE(pairs.size() == 27);  // C^2 pairs in each of the 3 task blocks
  const Eigen::MatrixXd closed = cil::closed_form_offsets(p.means, p.sigma, p.class_task, pairs);
  const Eigen::MatrixXd fitted =
      cil::fitted_offsets(cil::sequential_population_head(p.means, p.sigma, p.class_task),
                          cil::lda_head(p.means, p.sigma), pairs);
  CHECK((fitted - closed).cwiseAbs().maxCoeff() < 1e-10 * closed.cwiseAbs().maxCoeff());
  CHECK(cil::offset_dispersion(closed, pairs, p.class_task) < 1e-12);
}

TEST_CASE("trained offsets match the closed form within sampling error as l2 -> 0",
          "[cil_decentering]") {
  const auto study = cil::offset_study(21, 6, 600, 1e-6);
  CHECK(study.max_abs_t < study.critical_t);
  CHECK(study.relative_error < 0.1);
}

TEST_CASE("a strong penalty pulls trained offsets away from the closed form", "[cil_decentering]") {
  // The closed form is the l2 -> 0 limit; at l2 = 1 shrinkage must be detected, which shows
  // the t-test of the previous case has power.
  const auto study = cil::offset_study(21, 6, 600, 1.0);
  CHECK(study.max_abs_t > study.critical_t);
}

TEST_CASE("gap recovered is the ratio of paired accuracy differences", "[cil_decentering]") {
  Eigen::VectorXi seq(8), dec(8), joint(8);
  seq << 0, 0, 0, 0, 1, 1, 1, 1;
  joint << 1, 1, 1, 1, 1, 1, 1, 1;
  dec << 1, 1, 0, 0, 1, 1, 1, 1;
  const auto gap = cil::gap_recovered(seq, dec, joint);
  CHECK(gap.fraction == Approx(0.5));
  // Linearised terms g_i - f h_i are +-1/2 on the four gap samples, 0 elsewhere.
  CHECK(gap.standard_error == Approx(std::sqrt((4 * 0.25 - 0.0) / 7.0 / 8.0) / 0.5));
}

TEST_CASE("class_task_map rejects a class in two tasks", "[cil_decentering]") {
  Eigen::VectorXi labels(3), tasks(3);
  labels << 0, 1, 0;
  tasks << 0, 0, 1;
  CHECK_THROWS_AS(cil::class_task_map(labels, tasks), std::invalid_argument);
  tasks << 0, 1, 0;
  CHECK(cil::class_task_map(labels, tasks) == Eigen::Vector2i(0, 1));
}

TEST_CASE("the offset diagnostic of the population heads is exact and block-constant",
          "[cil_decentering]") {
  const auto p = small_population(4);
  std::mt19937_64 rng(6);
  const auto s = cil::sample_gaussian_tasks(p, 50, rng);
  const auto sequential = cil::sequential_population_head(p.means, p.sigma, p.class_task);
  const auto joint = cil::lda_head(p.means, p.sigma);  // the joint population optimum
  const auto d = cil::offset_diagnostic(sequential, joint, s.features, s.labels, p.class_task,
                                        cil::GaussianEstimate{p.means, p.sigma});
  CHECK(d.pairs.size() == 27);
  CHECK(d.error_population < 1e-10);
  CHECK(d.dispersion < 1e-10);
  CHECK(d.error_estimated > 0);  // plug-in estimates from 50 samples per class differ
  const auto one_task = cil::offset_diagnostic(sequential, joint, s.features, s.labels,
                                               Eigen::VectorXi::Zero(9), std::nullopt);
  CHECK(std::isnan(one_task.dispersion));
  CHECK(std::isnan(one_task.error_population));
}
