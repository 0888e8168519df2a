// The only file of the science that includes CGAL's triangulations (compile time).
#include "delaunay_complex.hpp"

#include <CGAL/Delaunay_triangulation_2.h>
#include <CGAL/Delaunay_triangulation_3.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_3.h>

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

namespace assay::flood_bifiltration {
namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;

using Delaunay2 = CGAL::Delaunay_triangulation_2<
    Kernel,
    CGAL::Triangulation_data_structure_2<CGAL::Triangulation_vertex_base_with_info_2<int, Kernel>>>;
using Delaunay3 = CGAL::Delaunay_triangulation_3<
    Kernel,
    CGAL::Triangulation_data_structure_3<CGAL::Triangulation_vertex_base_with_info_3<int, Kernel>,
                                         CGAL::Delaunay_triangulation_cell_base_3<Kernel>>>;

Simplex sorted(std::initializer_list<int> vertices) {
  Simplex s{-1, -1, -1, -1};
  std::copy(vertices.begin(), vertices.end(), s.begin());
  std::sort(s.begin(), s.begin() + static_cast<long>(vertices.size()));
  return s;
}

SimplicialComplex delaunay_2(const Eigen::MatrixXd& points) {
  std::vector<std::pair<Kernel::Point_2, int>> input;
  for (int i = 0; i < points.rows(); ++i)
    input.emplace_back(Kernel::Point_2(points(i, 0), points(i, 1)), i);
  const Delaunay2 dt(input.begin(), input.end());
  SimplicialComplex c;
  for (auto v : dt.finite_vertex_handles()) c.simplices[0].push_back(sorted({v->info()}));
  if (dt.dimension() >= 1)
    for (const auto& e : dt.finite_edges())
      c.simplices[1].push_back(sorted({e.first->vertex(Delaunay2::cw(e.second))->info(),
                                       e.first->vertex(Delaunay2::ccw(e.second))->info()}));
  if (dt.dimension() == 2)
    for (auto f : dt.finite_face_handles())
      c.simplices[2].push_back(
          sorted({f->vertex(0)->info(), f->vertex(1)->info(), f->vertex(2)->info()}));
  c.normalise();
  return c;
}

SimplicialComplex delaunay_3(const Eigen::MatrixXd& points) {
  std::vector<std::pair<Kernel::Point_3, int>> input;
  for (int i = 0; i < points.rows(); ++i)
    input.emplace_back(Kernel::Point_3(points(i, 0), points(i, 1), points(i, 2)), i);
  const Delaunay3 dt(input.begin(), input.end());
  SimplicialComplex c;
  for (auto v : dt.finite_vertex_handles()) c.simplices[0].push_back(sorted({v->info()}));
  if (dt.dimension() >= 1)
    for (const auto& e : dt.finite_edges())
      c.simplices[1].push_back(
          sorted({e.first->vertex(e.second)->info(), e.first->vertex(e.third)->info()}));
  if (dt.dimension() >= 2)
    for (const auto& f : dt.finite_facets()) {
      int v[3], j = 0;
      for (int i = 0; i < 4; ++i)
        if (i != f.second) v[j++] = f.first->vertex(i)->info();
      c.simplices[2].push_back(sorted({v[0], v[1], v[2]}));
    }
  if (dt.dimension() == 3)
    for (auto cell : dt.finite_cell_handles())
      c.simplices[3].push_back(sorted({cell->vertex(0)->info(), cell->vertex(1)->info(),
                                       cell->vertex(2)->info(), cell->vertex(3)->info()}));
  c.normalise();
  return c;
}

}  // namespace

SimplicialComplex delaunay_complex(const Eigen::MatrixXd& points) {
  if (points.cols() == 2) return delaunay_2(points);
  if (points.cols() == 3) return delaunay_3(points);
  throw std::invalid_argument("points have " + std::to_string(points.cols()) +
                              " columns; the Delaunay complex is implemented for 2 and 3");
}

}  // namespace assay::flood_bifiltration
