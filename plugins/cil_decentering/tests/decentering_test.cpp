// De-centering recovers the Bayes (LDA) head; the pooled estimates it uses are unbiased.
#include "decentering.hpp"

#include <catch2/catch.hpp>
#include <cmath>

#include "gaussian_tasks.hpp"
#include "paper_claims.hpp"

namespace cil = assay::cil_decentering;

TEST_CASE("de-centering the population sequential head gives the LDA head exactly",
          "[cil_decentering]") {
  for (std::uint64_t seed : {1, 2, 3, 4}) CHECK(cil::population_decentering_residual(seed) < 1e-12);
}

TEST_CASE("the population sequential head is LDA minus one affine function per task",
          "[cil_decentering]") {
  std::mt19937_64 rng(9);
  cil::TaskGeometry g;
  g.tasks = 2;
  g.classes = 4;
  g.dim = 6;
  g.condition_number = 8;
  const auto p = cil::make_gaussian_tasks(g, rng);
  const auto seq = cil::sequential_population_head(p.means, p.sigma, p.class_task);
  const auto lda = cil::lda_head(p.means, p.sigma);
  for (int t = 0; t < 2; ++t) {
    const Eigen::MatrixXd dw = lda.weights.middleRows(4 * t, 4) - seq.weights.middleRows(4 * t, 4);
    const Eigen::VectorXd db = lda.biases.segment(4 * t, 4) - seq.biases.segment(4 * t, 4);
    CHECK((dw.rowwise() - dw.row(0)).cwiseAbs().maxCoeff() < 1e-10);
    CHECK((db.array() - db(0)).abs().maxCoeff() < 1e-10);
    CHECK(seq.weights.middleRows(4 * t, 4).colwise().sum().cwiseAbs().maxCoeff() < 1e-10);
  }
}

TEST_CASE("pooled within-class covariance is unbiased within sampling error", "[cil_decentering]") {
  std::mt19937_64 rng(13);
  cil::TaskGeometry g;
  g.dim = 4;
  g.condition_number = 6;
  const auto p = cil::make_gaussian_tasks(g, rng);
  const int n = 3000;
  const auto s = cil::sample_gaussian_tasks(p, n, rng);
  const auto e = cil::estimate_pooled_gaussian(s.features, s.labels, 9);
  const double dof = 9.0 * n - 9;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      // Wishart: Var(S_ij) = (sigma_ij^2 + sigma_ii sigma_jj) / dof.
      const double se =
          std::sqrt((p.sigma(i, j) * p.sigma(i, j) + p.sigma(i, i) * p.sigma(j, j)) / dof);
      CHECK(std::abs(e.sigma(i, j) - p.sigma(i, j)) < 5 * se);
    }
}

TEST_CASE("de-centering trained heads recovers nearly all of the gap at moderate n",
          "[cil_decentering]") {
  const auto s = cil::trained_study(17, 500, 1e-4, 2000);
  CHECK(s.sequential_accuracy < s.joint_accuracy - 0.05);  // the structural bias is visible
  CHECK(s.gap_fraction > 0.82 - 3 * s.gap_standard_error);
}
