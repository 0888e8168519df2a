// GUDHI's alpha complex and bottleneck distance pull in CGAL's dD kernel: kept in this one file.
#include "gudhi_reference.hpp"

// GUDHI 3.7 uses std::cout without including <iostream>, so it must come first.
// clang-format off
#include <iostream>
#include <CGAL/Epick_d.h>
#include <gudhi/Alpha_complex.h>
#include <gudhi/Bottleneck.h>
#include <gudhi/Persistent_cohomology.h>
#include <gudhi/Simplex_tree.h>
// clang-format on

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::flood_bifiltration {
namespace {
using Kernel = CGAL::Epick_d<CGAL::Dynamic_dimension_tag>;
using Tree = Gudhi::Simplex_tree<>;
using Cohomology =
    Gudhi::persistent_cohomology::Persistent_cohomology<Tree,
                                                        Gudhi::persistent_cohomology::Field_Zp>;

// GUDHI's alpha complex of the rows of `points`, filtered by radius sqrt(alpha^2).
Tree alpha_tree(const Eigen::MatrixXd& points) {
  std::vector<Kernel::Point_d> input;
  for (int i = 0; i < points.rows(); ++i) {
    const Eigen::VectorXd row = points.row(i).transpose();
    input.emplace_back(static_cast<int>(row.size()), row.data(), row.data() + row.size());
  }
  Gudhi::alpha_complex::Alpha_complex<Kernel> alpha(input);
  Tree tree;
  alpha.create_complex(tree);
  for (auto sh : tree.complex_simplex_range())
    tree.assign_filtration(sh, std::sqrt(std::max(0.0, tree.filtration(sh))));
  tree.initialize_filtration();
  return tree;
}

}  // namespace

FiltrationValues alpha_radii(const Eigen::MatrixXd& points, const SimplicialComplex& complex) {
  auto tree = alpha_tree(points);
  FiltrationValues values;
  for (int k = 0; k < 4; ++k)
    values[k].assign(complex.simplices[k].size(), std::numeric_limits<double>::infinity());
  for (auto sh : tree.complex_simplex_range()) {
    Simplex s{-1, -1, -1, -1};
    int k = -1;
    for (auto v : tree.simplex_vertex_range(sh)) s[++k] = v;
    std::sort(s.begin(), s.begin() + k + 1);
    const long at = complex.index_of(k, s);
    if (at >= 0) values[k][at] = tree.filtration(sh);
  }
  return values;
}

std::vector<Diagram> alpha_diagrams(const Eigen::MatrixXd& points, int max_degree) {
  auto tree = alpha_tree(points);
  Cohomology cohomology(tree);
  cohomology.init_coefficients(2);
  cohomology.compute_persistent_cohomology(0.0);
  std::vector<Diagram> out(max_degree + 1);
  for (int k = 0; k <= max_degree; ++k) {
    for (const auto& [b, d] : cohomology.intervals_in_dimension(k)) out[k].emplace_back(b, d);
    std::sort(out[k].begin(), out[k].end());
  }
  return out;
}

double bottleneck_distance(const Diagram& a, const Diagram& b) {
  return Gudhi::persistence_diagram::bottleneck_distance(a, b, 0.0);
}

}  // namespace assay::flood_bifiltration
