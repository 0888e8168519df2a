#include "simplicial_complex.hpp"

#include <algorithm>

namespace assay::flood_bifiltration {

std::size_t SimplicialComplex::size() const {
  std::size_t total = 0;
  for (const auto& list : simplices) total += list.size();
  return total;
}

long SimplicialComplex::index_of(int k, const Simplex& simplex) const {
  const auto& list = simplices[k];
  const auto it = std::lower_bound(list.begin(), list.end(), simplex);
  if (it == list.end() || *it != simplex) return -1;
  return it - list.begin();
}

void SimplicialComplex::normalise() {
  for (auto& list : simplices) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  dimension = -1;
  for (int k = 0; k < 4; ++k)
    if (!simplices[k].empty()) dimension = k;
}

std::vector<Simplex> facets(const Simplex& simplex, int k) {
  std::vector<Simplex> out;
  for (int drop = 0; drop <= k; ++drop) {
    Simplex f{-1, -1, -1, -1};
    for (int i = 0, j = 0; i <= k; ++i)
      if (i != drop) f[j++] = simplex[i];
    out.push_back(f);
  }
  return out;
}

}  // namespace assay::flood_bifiltration
