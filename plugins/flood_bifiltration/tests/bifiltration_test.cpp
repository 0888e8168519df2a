#include <catch2/catch.hpp>
#include <random>

#include "paper_claims.hpp"
#include "persistence.hpp"
#include "point_cloud_data.hpp"
#include "signed_barcode.hpp"
#include "sublevel_flood.hpp"

namespace fb = assay::flood_bifiltration;

TEST_CASE("moebius inversion of a Hilbert function sums back to it", "[flood_bifiltration]") {
  std::mt19937_64 rng(3);
  std::uniform_int_distribution<int> u(0, 5);
  const Eigen::MatrixXi h = Eigen::MatrixXi::NullaryExpr(7, 4, [&] { return u(rng); });
  CHECK(fb::cumulative_sum(fb::moebius_inversion(h)) == h);
  // A single free module [r_2, inf) x [s_1, inf) has one bar of multiplicity 1.
  Eigen::MatrixXi free = Eigen::MatrixXi::Zero(4, 3);
  free.bottomRightCorner(2, 2).setOnes();
  const auto bars = fb::signed_barcode(free, {0, 1, 2, 3}, {10, 20, 30});
  REQUIRE(bars.rows() == 1);
  CHECK(bars(0, 0) == 2);
  CHECK(bars(0, 1) == 20);
  CHECK(bars(0, 2) == 1);
}

TEST_CASE("codensity is the distance to the k-th other point", "[flood_bifiltration]") {
  Eigen::MatrixXd line(4, 2);
  line << 0, 0, 1, 0, 3, 0, 7, 0;
  const auto g = fb::knn_codensity(line, 2);
  CHECK(g(0) == Approx(3));
  CHECK(g(1) == Approx(2));
  CHECK(g(2) == Approx(3));
  CHECK(g(3) == Approx(6));
}

TEST_CASE("a circle with outliers shows one long H1 class only at low codensity",
          "[flood_bifiltration]") {
  std::mt19937_64 rng(5);
  const auto data = fb::shape_clouds("density", 1, 400, 0.03, 0.3, rng);
  const auto bi = fb::sublevel_flood(data.points, fb::knn_codensity(data.points, 10),
                                     {80, fb::CoveringMode::sampled, 6}, {20, 6});
  // Hilbert functions are counts: H0 at r = 0 is the number of covered landmarks (<= 80), and
  // with every point and the largest radius everything is one component without loops.
  CHECK(bi.hilbert[0](0, 5) <= 80);
  CHECK(bi.hilbert[0](19, 5) == 1);
  CHECK(bi.hilbert[1](19, 5) == 0);
  // The unit circle: at s = the 70% quantile (circle points, background mostly removed) some
  // radius shows exactly the circle's loop for a long stretch of the grid.
  int rows_with_one_loop = 0;
  for (int i = 0; i < 20; ++i) rows_with_one_loop += bi.hilbert[1](i, 3) == 1;
  CHECK(rows_with_one_loop >= 4);
  const auto f = fb::hilbert_features(bi, false);
  CHECK(f.size() == 2 * 20 * 6);
  CHECK(fb::hilbert_features(bi, true).size() == 2 * 20);
}

TEST_CASE("bifiltration claims hold on small inputs", "[flood_bifiltration]") {
  const auto top = fb::top_slice_agreement(2);
  CHECK(top.max_value_difference == 0);
  CHECK(top.max_bottleneck == 0);
  const auto hilbert = fb::hilbert_vs_betti(2);
  CHECK(hilbert.cells == 2 * 12 * 6);
  CHECK(hilbert.mismatches == 0);
  const auto stable = fb::gamma_perturbation(2, 0.02);
  CHECK(stable.grade_violation <= 1e-12);
  CHECK(stable.rank_slack >= 0);
}

TEST_CASE("delay embeddings have the requested shape and labels", "[flood_bifiltration]") {
  std::mt19937_64 rng(1);
  const auto d = fb::delay_embeddings(6, 100, 3, 0.1, rng);
  CHECK(d.points.rows() == 600);
  CHECK(d.points.cols() == 3);
  CHECK(d.labels == std::vector<int>{0, 1, 2, 0, 1, 2});
  // A periodic series sin(t) embeds on a closed curve: every coordinate within [-1, 1] + noise.
  CHECK(d.points.topRows(100).cwiseAbs().maxCoeff() < 1.6);
}
