#include "covering_radius.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>

#include "delaunay_complex.hpp"
#include "kd_tree.hpp"

namespace assay::flood_bifiltration {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kInsideSlack = 1e-12;

using SmallMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, 3, 3>;
using SmallVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, 3, 1>;
// The vertex coordinates of a simplex, one per row; fixed capacity so the hot loop never allocates.
using SimplexRows = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor, 4, 3>;

FiltrationValues empty_values(const SimplicialComplex& complex, double fill) {
  FiltrationValues values;
  for (int k = 0; k < 4; ++k) values[k].assign(complex.simplices[k].size(), fill);
  return values;
}

// Vertex values d(v, X), then every k-simplex at least the maximum over its facets.
void vertex_values(const SimplicialComplex& complex, const Eigen::MatrixXd& vertices,
                   const KdTree& tree, FiltrationValues& values) {
  for (std::size_t i = 0; i < complex.simplices[0].size(); ++i) {
    const Eigen::VectorXd v = vertices.row(complex.simplices[0][i][0]).transpose();
    values[0][i] = tree.nearest_distance(v.data());
  }
}

double max_over_facets(const SimplicialComplex& complex, const FiltrationValues& values, int k,
                       const Simplex& simplex) {
  double m = 0;
  for (const auto& f : facets(simplex, k))
    m = std::max(m, values[k - 1][complex.index_of(k - 1, f)]);
  return m;
}

// The point y of the k-face with vertices p (rows) that is equidistant from the k + 1 points q
// (rows), as barycentric weights; false if not unique or outside the face.
bool equidistant_point(const SimplexRows& p, const SimplexRows& q, SmallVector& y) {
  const int k = static_cast<int>(p.rows()) - 1;
  SmallMatrix a(p.cols(), k), b(k, q.cols());
  SmallVector c(k);
  for (int i = 1; i <= k; ++i) {
    a.col(i - 1) = (p.row(i) - p.row(0)).transpose();
    b.row(i - 1) = q.row(i) - q.row(0);
    c(i - 1) = q.row(i).squaredNorm() - q.row(0).squaredNorm();
  }
  const SmallMatrix system = 2 * b * a;
  const SmallVector rhs = c - 2 * b * p.row(0).transpose();
  const double scale = a.norm() * b.norm();
  const double det = system.determinant();
  if (!(std::abs(det) > 1e-12 * std::pow(2 * scale / k, k))) return false;
  const SmallVector lambda = system.partialPivLu().solve(rhs);
  if (lambda.minCoeff() < -kInsideSlack || lambda.sum() > 1 + kInsideSlack) return false;
  y = p.row(0).transpose() + a * lambda;
  return true;
}

SimplexRows rows_of(const Eigen::MatrixXd& points, const Simplex& s, int k) {
  SimplexRows out(k + 1, points.cols());
  for (int i = 0; i <= k; ++i) out.row(i) = points.row(s[i]);
  return out;
}

// Largest d(y, X) over the candidates y inside the k-simplex with vertex rows p: points
// equidistant from a Delaunay k-simplex of X whose vertices lie within `reach` of p's centroid.
double interior_candidates(const SimplexRows& p, int k, const Eigen::MatrixXd& cover,
                           const SimplicialComplex& cover_delaunay, const KdTree& tree,
                           double reach) {
  const SmallVector centroid = p.colwise().mean().transpose();
  const auto near = tree.within(centroid.data(), reach);
  const auto& taus = cover_delaunay.simplices[k];
  double best = 0;
  SmallVector y;
  for (int q0 : near) {
    auto it = std::lower_bound(taus.begin(), taus.end(), Simplex{q0, -1, -1, -1});
    for (; it != taus.end() && (*it)[0] == q0; ++it) {
      bool local = true;
      for (int i = 1; i <= k && local; ++i)
        local = std::binary_search(near.begin(), near.end(), (*it)[i]);
      if (!local || !equidistant_point(p, rows_of(cover, *it, k), y)) continue;
      best = std::max(best, tree.nearest_distance(y.data()));
    }
  }
  return best;
}

// Barycentric integer weights (a_0..a_k), all >= 1, summing to m: the grid's interior points.
std::vector<std::array<int, 4>> interior_grid(int k, int m) {
  std::vector<std::array<int, 4>> out;
  std::array<int, 4> a{0, 0, 0, 0};
  auto fill = [&](auto&& self, int i, int left) -> void {
    if (i == k) {
      if (left >= 1) {
        a[k] = left;
        out.push_back(a);
      }
      return;
    }
    for (int v = 1; v <= left - (k - i); ++v) {
      a[i] = v;
      self(self, i + 1, left - v);
    }
  };
  fill(fill, 0, m);
  return out;
}

}  // namespace

FiltrationValues exact_covering_radii(const SimplicialComplex& complex,
                                      const Eigen::MatrixXd& vertices,
                                      const Eigen::MatrixXd& cover) {
  if (cover.rows() == 0) return empty_values(complex, kInf);
  auto values = empty_values(complex, 0);
  const KdTree tree(cover);
  const auto cover_delaunay = delaunay_complex(cover);
  vertex_values(complex, vertices, tree, values);
  for (int k = 1; k <= complex.dimension; ++k)
    for (std::size_t i = 0; i < complex.simplices[k].size(); ++i) {
      const auto& s = complex.simplices[k][i];
      const SimplexRows p = rows_of(vertices, s, k);
      const Eigen::Matrix<double, 1, Eigen::Dynamic, Eigen::RowMajor, 1, 3> centroid =
          p.colwise().mean();
      double spread = 0, diameter = 0, vertex_distance = 0;
      for (int a = 0; a <= k; ++a) {
        spread = std::max(spread, (p.row(a) - centroid).norm());
        vertex_distance =
            std::max(vertex_distance, values[0][complex.index_of(0, {s[a], -1, -1, -1})]);
        for (int b = 0; b < a; ++b) diameter = std::max(diameter, (p.row(a) - p.row(b)).norm());
      }
      // A candidate y has its nearest cover points within d(y, X) <= diameter + max_v d(v, X).
      const double reach = spread + diameter + vertex_distance;
      values[k][i] = std::max(max_over_facets(complex, values, k, s),
                              interior_candidates(p, k, cover, cover_delaunay, tree, reach));
    }
  return values;
}

FiltrationValues sampled_covering_radii(const SimplicialComplex& complex,
                                        const Eigen::MatrixXd& vertices, const KdTree& tree,
                                        int resolution) {
  if (tree.size() == 0) return empty_values(complex, kInf);
  auto values = empty_values(complex, 0);
  vertex_values(complex, vertices, tree, values);
  Eigen::VectorXd y(vertices.cols());
  for (int k = 1; k <= complex.dimension; ++k) {
    const auto grid = interior_grid(k, resolution);
    for (std::size_t i = 0; i < complex.simplices[k].size(); ++i) {
      const auto& s = complex.simplices[k][i];
      double best = max_over_facets(complex, values, k, s);
      for (const auto& a : grid) {
        y.setZero();
        for (int j = 0; j <= k; ++j)
          y += (a[j] / double(resolution)) * vertices.row(s[j]).transpose();
        best = std::max(best, tree.nearest_distance(y.data()));
      }
      values[k][i] = best;
    }
  }
  return values;
}

FiltrationValues sampled_covering_radii(const SimplicialComplex& complex,
                                        const Eigen::MatrixXd& vertices,
                                        const Eigen::MatrixXd& cover, int resolution) {
  return sampled_covering_radii(complex, vertices, KdTree(cover), resolution);
}

FiltrationValues covering_radii(const SimplicialComplex& complex, const Eigen::MatrixXd& vertices,
                                const Eigen::MatrixXd& cover, CoveringMode mode, int resolution) {
  return mode == CoveringMode::exact ? exact_covering_radii(complex, vertices, cover)
                                     : sampled_covering_radii(complex, vertices, cover, resolution);
}

double longest_edge(const SimplicialComplex& complex, const Eigen::MatrixXd& vertices) {
  double m = 0;
  for (const auto& e : complex.simplices[1])
    m = std::max(m, (vertices.row(e[0]) - vertices.row(e[1])).norm());
  return m;
}

}  // namespace assay::flood_bifiltration
