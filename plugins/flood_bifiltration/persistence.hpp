// Persistent homology (Z/2) of a filtered simplicial complex, computed with GUDHI.
#pragma once

#include <utility>
#include <vector>

#include "simplicial_complex.hpp"

namespace assay::flood_bifiltration {

// (birth, death) pairs of one homology degree; essential classes have death = +inf.
using Diagram = std::vector<std::pair<double, double>>;

// Diagrams in degrees 0..max_degree of the filtration `values` on `complex` (values must not
// decrease from a face to a coface; simplices with value +inf are left out). Intervals of zero
// length are dropped. Sorted by (birth, death).
std::vector<Diagram> persistence_diagrams(const SimplicialComplex& complex,
                                          const FiltrationValues& values, int max_degree);

// Betti numbers b_0..b_max_degree of the subcomplex {sigma : values(sigma) <= threshold},
// computed from that static complex alone (not from a diagram).
std::vector<int> betti_numbers(const SimplicialComplex& complex, const FiltrationValues& values,
                               double threshold, int max_degree);

// Rank of H_k(K1) -> H_k(K2) for K1 = {values <= t1} within K2 = {values2 <= t2}, where every
// simplex of K1 lies in K2; one entry per degree 0..max_degree.
std::vector<int> inclusion_ranks(const SimplicialComplex& complex, const FiltrationValues& values1,
                                 double t1, const FiltrationValues& values2, double t2,
                                 int max_degree);

// Number of intervals of `diagram` alive at t (birth <= t < death).
int alive_at(const Diagram& diagram, double t);

}  // namespace assay::flood_bifiltration
