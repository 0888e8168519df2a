// GUDHI's Simplex_tree and persistent cohomology; the only file of the science that includes them
// apart from the GUDHI reference computations.
#include "persistence.hpp"

// GUDHI 3.7 uses std::cout without including <iostream>, so it must come first.
// clang-format off
#include <iostream>
#include <gudhi/Persistent_cohomology.h>
#include <gudhi/Simplex_tree.h>
// clang-format on

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::flood_bifiltration {
namespace {

using Tree = Gudhi::Simplex_tree<Gudhi::Simplex_tree_options_full_featured>;
using Cohomology =
    Gudhi::persistent_cohomology::Persistent_cohomology<Tree,
                                                        Gudhi::persistent_cohomology::Field_Zp>;

// Inserts the simplices whose value passes `keep`, faces first, with filtration value(sigma).
template <class Value>
Tree build_tree(const SimplicialComplex& complex, Value value) {
  Tree tree;
  std::vector<int> vertices;
  for (int k = 0; k <= complex.dimension; ++k)
    for (std::size_t i = 0; i < complex.simplices[k].size(); ++i) {
      const double f = value(k, i);
      if (!std::isfinite(f)) continue;
      vertices.assign(complex.simplices[k][i].begin(), complex.simplices[k][i].begin() + k + 1);
      tree.insert_simplex(vertices, f);
    }
  tree.initialize_filtration();
  return tree;
}

std::vector<Diagram> diagrams_of(Tree& tree, int max_degree) {
  std::vector<Diagram> out(max_degree + 1);
  if (tree.num_simplices() == 0) return out;
  Cohomology cohomology(tree);
  cohomology.init_coefficients(2);
  cohomology.compute_persistent_cohomology(0.0);
  for (int k = 0; k <= max_degree; ++k) {
    for (const auto& [b, d] : cohomology.intervals_in_dimension(k)) out[k].emplace_back(b, d);
    std::sort(out[k].begin(), out[k].end());
  }
  return out;
}

}  // namespace

std::vector<Diagram> persistence_diagrams(const SimplicialComplex& complex,
                                          const FiltrationValues& values, int max_degree) {
  auto tree = build_tree(complex, [&](int k, std::size_t i) { return values[k][i]; });
  return diagrams_of(tree, max_degree);
}

std::vector<int> betti_numbers(const SimplicialComplex& complex, const FiltrationValues& values,
                               double threshold, int max_degree) {
  constexpr double kOut = std::numeric_limits<double>::infinity();
  auto tree = build_tree(
      complex, [&](int k, std::size_t i) { return values[k][i] <= threshold ? 0.0 : kOut; });
  std::vector<int> betti(max_degree + 1, 0);
  if (tree.num_simplices() == 0) return betti;
  Cohomology cohomology(tree);
  cohomology.init_coefficients(2);
  cohomology.compute_persistent_cohomology(0.0);
  for (int k = 0; k <= max_degree; ++k) betti[k] = cohomology.betti_number(k);
  return betti;
}

std::vector<int> inclusion_ranks(const SimplicialComplex& complex, const FiltrationValues& values1,
                                 double t1, const FiltrationValues& values2, double t2,
                                 int max_degree) {
  constexpr double kOut = std::numeric_limits<double>::infinity();
  auto tree = build_tree(complex, [&](int k, std::size_t i) {
    if (values1[k][i] <= t1) return 0.0;
    return values2[k][i] <= t2 ? 1.0 : kOut;
  });
  const auto diagrams = diagrams_of(tree, max_degree);
  std::vector<int> ranks(max_degree + 1, 0);
  for (int k = 0; k <= max_degree; ++k)
    for (const auto& [b, d] : diagrams[k])
      if (b <= 0 && d > 1) ++ranks[k];
  return ranks;
}

int alive_at(const Diagram& diagram, double t) {
  int count = 0;
  for (const auto& [b, d] : diagram)
    if (b <= t && t < d) ++count;
  return count;
}

}  // namespace assay::flood_bifiltration
