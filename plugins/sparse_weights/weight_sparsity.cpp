#include "weight_sparsity.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace assay::sparse_weights {

double nonzero_fraction_at(long step, long steps, const SparsityOptions& options) {
  const double anneal = std::max(1.0, options.anneal_fraction * static_cast<double>(steps));
  const double t = std::min(1.0, static_cast<double>(step) / anneal);
  return 1.0 + t * (options.nonzero_fraction - 1.0);
}

void keep_top_k_per_matrix(nn::Mat<float>& m, nn::Index k, int min_live) {
  const nn::Index n = m.size();
  if (k >= n) return;
  float* v = m.data();
  // Larger magnitude first; equal magnitudes by lower index.
  const auto before = [v](nn::Index a, nn::Index b) {
    const float x = std::abs(v[a]), y = std::abs(v[b]);
    return x > y || (x == y && a < b);
  };
  std::vector<char> keep(n, 0);
  nn::Index kept = 0;
  const nn::Index cols = m.cols(), per_row = std::min<nn::Index>(min_live, cols);
  std::vector<nn::Index> row(cols);
  for (nn::Index r = 0; r < m.rows() && per_row > 0; ++r) {
    std::iota(row.begin(), row.end(), r * cols);
    std::partial_sort(row.begin(), row.begin() + per_row, row.end(), before);
    for (nn::Index i = 0; i < per_row; ++i) keep[row[i]] = 1, ++kept;
  }
  std::vector<nn::Index> rest;
  rest.reserve(n - kept);
  for (nn::Index i = 0; i < n; ++i)
    if (!keep[i]) rest.push_back(i);
  const nn::Index more = std::clamp<nn::Index>(k - kept, 0, static_cast<nn::Index>(rest.size()));
  if (more > 0) {
    std::nth_element(rest.begin(), rest.begin() + (more - 1), rest.end(), before);
    for (nn::Index i = 0; i < more; ++i) keep[rest[i]] = 1;
  }
  for (nn::Index i = 0; i < n; ++i)
    if (!keep[i]) v[i] = 0;
}

bool is_sparsified(const nn::Parameter<float>& p) {
  return p.value.rows() > 1 && p.value.cols() > 1 && p.name != "bigram.weight";
}

}  // namespace assay::sparse_weights
