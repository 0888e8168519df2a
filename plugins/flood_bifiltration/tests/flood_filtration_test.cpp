#include "flood_filtration.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "covering_radius.hpp"
#include "delaunay_complex.hpp"
#include "gudhi_reference.hpp"
#include "kd_tree.hpp"
#include "landmarks.hpp"

namespace fb = assay::flood_bifiltration;

namespace {
Eigen::MatrixXd uniform_cloud(int n, int d, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0, 1);
  return Eigen::MatrixXd::NullaryExpr(n, d, [&] { return u(rng); });
}
}  // namespace

TEST_CASE("kd tree nearest and radius queries match brute force", "[flood_bifiltration]") {
  const auto x = uniform_cloud(500, 3, 1);
  const auto q = uniform_cloud(50, 3, 2);
  const fb::KdTree tree(x);
  for (int i = 0; i < q.rows(); ++i) {
    const Eigen::VectorXd qi = q.row(i).transpose();
    const Eigen::VectorXd d = (x.rowwise() - q.row(i)).rowwise().norm();
    CHECK(tree.nearest_distance(qi.data()) == Approx(d.minCoeff()).epsilon(1e-14));
    std::vector<int> brute;
    for (int j = 0; j < x.rows(); ++j)
      if (d(j) <= 0.2) brute.push_back(j);
    CHECK(tree.within(qi.data(), 0.2) == brute);
    std::vector<double> sorted(d.data(), d.data() + d.size());
    std::sort(sorted.begin(), sorted.end());
    const auto knn = tree.k_nearest_distances(qi.data(), 5);
    for (int k = 0; k < 5; ++k) CHECK(knn[k] == Approx(sorted[k]).epsilon(1e-14));
  }
}

TEST_CASE("delaunay complex of a square has two triangles and five edges", "[flood_bifiltration]") {
  Eigen::MatrixXd square(4, 2);
  square << 0, 0, 1, 0, 1.1, 1, 0, 1;
  const auto c = fb::delaunay_complex(square);
  CHECK(c.simplices[0].size() == 4);
  CHECK(c.simplices[1].size() == 5);
  CHECK(c.simplices[2].size() == 2);
  // Euler characteristic of a convex triangulated region (2-d) and ball (3-d) is 1.
  const auto c3 = fb::delaunay_complex(uniform_cloud(60, 3, 3));
  const long euler = long(c3.simplices[0].size()) - long(c3.simplices[1].size()) +
                     long(c3.simplices[2].size()) - long(c3.simplices[3].size());
  CHECK(euler == 1);
}

TEST_CASE("farthest point sampling picks the farthest point each time", "[flood_bifiltration]") {
  Eigen::MatrixXd line(5, 1);
  line << 0, 1, 10, 3, 6;
  CHECK(fb::farthest_point_sample(line, 3) == std::vector<int>{0, 2, 4});
  CHECK(fb::farthest_point_sample(line, 0).size() == 5);
}

TEST_CASE("exact covering radius of a triangle is the largest empty circle inside it",
          "[flood_bifiltration]") {
  // Acute triangle, X = its vertices: the maximum of d(., X) is at the circumcentre.
  Eigen::MatrixXd tri(3, 2);
  tri << 0, 0, 2, 0, 1, 1.5;
  const auto c = fb::delaunay_complex(tri);
  const auto v = fb::exact_covering_radii(c, tri, tri);
  // circumradius = abc / (4 area)
  const double a = 2, b = std::hypot(1, 1.5), area = 0.5 * 2 * 1.5;
  CHECK(v[2][0] == Approx(a * b * b / (4 * area)).epsilon(1e-12));
  // Each edge's value is half its length (the midpoint is farthest from both ends).
  for (std::size_t i = 0; i < c.simplices[1].size(); ++i) {
    const auto& e = c.simplices[1][i];
    CHECK(v[1][i] == Approx(0.5 * (tri.row(e[0]) - tri.row(e[1])).norm()).epsilon(1e-12));
  }
  // Obtuse triangle: the circumcentre is outside; the maximum is where the long edge meets the
  // Voronoi edge of (0, 0) and (2, 0.5): x^2 = (x - 2)^2 + 0.25, x = 4.25 / 4.
  Eigen::MatrixXd obtuse(3, 2);
  obtuse << 0, 0, 4, 0, 2, 0.5;
  const auto co = fb::delaunay_complex(obtuse);
  CHECK(fb::exact_covering_radii(co, obtuse, obtuse)[2][0] == Approx(4.25 / 4).epsilon(1e-12));
}

TEST_CASE("sampled covering radii are lower bounds within diam / resolution",
          "[flood_bifiltration]") {
  const auto x = uniform_cloud(400, 2, 4);
  const auto flood = fb::flood_complex(x, 40);
  const auto exact = fb::exact_covering_radii(flood.complex, flood.landmarks, x);
  const auto sampled = fb::sampled_covering_radii(flood.complex, flood.landmarks, x, 6);
  const double bound = fb::longest_edge(flood.complex, flood.landmarks) / 6;
  for (int k = 0; k <= 2; ++k)
    for (std::size_t i = 0; i < exact[k].size(); ++i) {
      CHECK(sampled[k][i] <= exact[k][i] + 1e-12);
      CHECK(sampled[k][i] >= exact[k][i] - bound);
    }
}

TEST_CASE("flood diagrams with L = X equal the alpha diagrams in 2-d", "[flood_bifiltration]") {
  const auto x = uniform_cloud(300, 2, 12);
  const auto flood = fb::flood_filtration(x, {});
  const auto alpha = fb::alpha_diagrams(x, 1);
  for (int k = 0; k < 2; ++k) {
    INFO("degree " << k);
    CHECK(flood.diagrams[k].size() == alpha[k].size());
    CHECK(fb::bottleneck_distance(flood.diagrams[k], alpha[k]) <= 1e-9);
  }
}

// A finding, not the claim: in 3-d the Flood complex with L = X can hold short-lived
// 1-cycles that the alpha complex has not (an edge covered by the balls before the triangles
// around it), so only degrees 0 and 2 agree exactly; degree 1 agrees up to a small bottleneck.
TEST_CASE("flood diagrams with L = X match the alpha diagrams in 3-d in degrees 0 and 2",
          "[flood_bifiltration]") {
  const auto x = uniform_cloud(150, 3, 13);
  const auto flood = fb::flood_filtration(x, {});
  const auto alpha = fb::alpha_diagrams(x, 2);
  CHECK(fb::bottleneck_distance(flood.diagrams[0], alpha[0]) <= 1e-9);
  CHECK(fb::bottleneck_distance(flood.diagrams[2], alpha[2]) <= 1e-9);
  CHECK(fb::bottleneck_distance(flood.diagrams[1], alpha[1]) <= 0.05);
}

// |Alpha(r)| lies in the union of the balls, so every simplex's Flood value is at most its alpha
// radius: a check that exact values are never too high (the sampled test bounds them below).
TEST_CASE("exact flood values never exceed the alpha radii of the same simplices",
          "[flood_bifiltration]") {
  for (int d : {2, 3}) {
    const auto x = uniform_cloud(d == 2 ? 300 : 150, d, 20 + d);
    const auto flood = fb::flood_filtration(x, {});
    const auto alpha = fb::alpha_radii(x, flood.flood.complex);
    int compared = 0;
    for (int k = 0; k <= d; ++k)
      for (std::size_t i = 0; i < alpha[k].size(); ++i) {
        REQUIRE(std::isfinite(alpha[k][i]));  // same Delaunay complex
        CHECK(flood.values[k][i] <= alpha[k][i] + 1e-12);
        ++compared;
      }
    CHECK(compared == static_cast<int>(flood.flood.complex.size()));
  }
}
