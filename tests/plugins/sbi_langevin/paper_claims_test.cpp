#include "paper_claims.hpp"

#include <catch2/catch.hpp>

using namespace assay::sbi_langevin;

TEST_CASE("score exactness: Linhart always, Geffner only at t = 0", "[sbi_langevin]") {
  const auto m = measure_score_exactness(2);
  CHECK(m.linhart_max_error < 1e-9);
  CHECK(m.geffner_max_error_t0 < 1e-9);
  CHECK(m.geffner_min_gap > 1e-6);
}

TEST_CASE("bridging precision equals minus the composite score's Jacobian", "[sbi_langevin]") {
  CHECK(bridging_precision_jacobian_error(2) < 1e-7);
}

TEST_CASE("on the grid Linhart's steps are never smaller and the bound holds", "[sbi_langevin]") {
  const auto grid = compare_scores_on_grid(0.1, 0.0, 20, 3);
  CHECK(grid.size() == 45);
  CHECK(min_step_ratio(grid) >= 1.0 - 1e-9);
  CHECK(worst_bound_ratio(grid) <= 1.0);
  // With one observation both scores coincide, so their plans must too.
  for (const auto& row : grid)
    if (row.point.n_obs == 1) CHECK(row.linhart.total_steps == row.geffner.total_steps);
}
