// A simplicial complex of dimension <= 3 on vertex indices, stored dimension by dimension with
// each list sorted lexicographically so that a face is found by binary search.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace assay::flood_bifiltration {

// Vertex indices in increasing order; entries past the simplex's dimension are -1.
using Simplex = std::array<int, 4>;

struct SimplicialComplex {
  int dimension = -1;
  std::array<std::vector<Simplex>, 4> simplices;  // simplices[k]: the k-simplices

  std::size_t size() const;
  // Position of `simplex` (a k-simplex) in simplices[k]; -1 if absent.
  long index_of(int k, const Simplex& simplex) const;
  // Sorts every dimension's list and removes duplicates.
  void normalise();
};

// The k + 1 facets of a k-simplex (k >= 1), each with the vertex at position i removed.
std::vector<Simplex> facets(const Simplex& simplex, int k);

// A value per simplex, parallel to SimplicialComplex::simplices; +inf: never enters.
using FiltrationValues = std::array<std::vector<double>, 4>;

}  // namespace assay::flood_bifiltration
