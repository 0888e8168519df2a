#include "delta_geometry.hpp"

#include <catch2/catch.hpp>
#include <cmath>

namespace bt = assay::bitmask_tuning;

TEST_CASE("delta geometry: the definitions on matrices whose answers are known",
          "[bitmask_tuning]") {
  const Eigen::MatrixXd base = Eigen::MatrixXd::Identity(100, 4) * 2;
  Eigen::MatrixXd delta = Eigen::MatrixXd::Zero(100, 4);
  REQUIRE(bt::spectrum_drift(base, delta) == 0);
  // Scaling W0 by 1.5 moves every singular value by half of it.
  REQUIRE(std::abs(bt::spectrum_drift(base, base * 0.5) - 0.5) < 1e-12);
  // Principal weights: 4 of 400 entries; identical deltas overlap fully, disjoint ones not.
  delta(0, 0) = 5;
  delta(1, 1) = 4;
  delta(2, 2) = 3;
  delta(3, 3) = 2;
  delta(4, 0) = 1;
  REQUIRE(bt::principal_overlap(delta, delta) == 1);
  Eigen::MatrixXd other = Eigen::MatrixXd::Zero(100, 4);
  other(0, 0) = 1;
  other(50, 1) = 9;
  // The arm's principal weights are only its nonzero ones: 1 of them, shared.
  REQUIRE(bt::principal_overlap(other, delta) == 0.5);
  REQUIRE(bt::principal_overlap(delta, other) == 0.25);
  REQUIRE(bt::principal_overlap(Eigen::MatrixXd::Zero(100, 4), delta) == 0);
  // A rank-one delta against itself, two layers stacked.
  const Eigen::MatrixXd stacked_base = Eigen::MatrixXd::Random(8, 3);
  const Eigen::MatrixXd rank_one = Eigen::VectorXd::Ones(8) * Eigen::RowVector3d(1, 2, 3);
  const auto g = bt::delta_geometry(stacked_base, rank_one, rank_one, 2);
  REQUIRE(std::abs(g.effective_rank - 1) < 1e-9);
  REQUIRE(g.effective_rank_gap == 0);
  REQUIRE(g.spectrum_drift_gap == 0);
  REQUIRE(g.principal_overlap == 1);
  REQUIRE_THROWS_WITH(bt::delta_geometry(stacked_base, rank_one, rank_one, 3),
                      Catch::Contains("layers: 3"));
}
