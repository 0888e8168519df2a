#include "type_classes.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {

// Exact integer determinant by Bareiss elimination (every division is exact).
std::int64_t bareiss_determinant(std::vector<std::vector<__int128>> a) {
  const std::size_t n = a.size();
  if (n == 0) return 1;
  __int128 previous = 1;
  int sign = 1;
  for (std::size_t k = 0; k + 1 < n; ++k) {
    if (a[k][k] == 0) {
      std::size_t swap_with = k + 1;
      while (swap_with < n && a[swap_with][k] == 0) ++swap_with;
      if (swap_with == n) return 0;
      std::swap(a[k], a[swap_with]);
      sign = -sign;
    }
    for (std::size_t i = k + 1; i < n; ++i)
      for (std::size_t j = k + 1; j < n; ++j)
        a[i][j] = (a[i][j] * a[k][k] - a[i][k] * a[k][j]) / previous;
    previous = a[k][k];
  }
  return static_cast<std::int64_t>(sign * a[n - 1][n - 1]);
}

double log_factorial(std::int64_t k) { return std::lgamma(static_cast<double>(k) + 1); }

}  // namespace

std::optional<int> end_state(const PairCounts& counts, int start) {
  const Eigen::Index m = counts.rows();
  std::optional<int> end;
  for (Eigen::Index z = 0; z < m; ++z) {
    const std::int64_t surplus =
        counts.row(z).sum() - counts.col(z).sum() - (z == start ? 1 : 0);  // -1 only at the end
    if (surplus == 0) continue;
    if (surplus != -1 || end) return std::nullopt;
    end = static_cast<int>(z);
  }
  return end ? end : std::optional<int>(start);
}

std::int64_t directed_spanning_trees(const PairCounts& counts, int root) {
  std::vector<Eigen::Index> others;
  for (Eigen::Index z = 0; z < counts.rows(); ++z)
    if (z != root && counts.row(z).sum() > 0) others.push_back(z);
  std::vector<std::vector<__int128>> minor(others.size(), std::vector<__int128>(others.size(), 0));
  for (std::size_t i = 0; i < others.size(); ++i)
    for (std::size_t j = 0; j < others.size(); ++j) {
      const Eigen::Index zi = others[i], zj = others[j];
      minor[i][j] = i == j ? counts.row(zi).sum() - counts(zi, zi) : -counts(zi, zj);
    }
  return bareiss_determinant(std::move(minor));
}

double log_type_class_size(const PairCounts& counts, int start) {
  constexpr double kEmpty = -std::numeric_limits<double>::infinity();
  if ((counts.array() < 0).any()) return kEmpty;
  if (counts.sum() == 0) return 0.0;  // the single path of length 0
  if (counts.row(start).sum() == 0) return kEmpty;
  const auto end = end_state(counts, start);
  if (!end) return kEmpty;
  for (Eigen::Index z = 0; z < counts.rows(); ++z)  // a visited state must be left or be the end
    if (counts.row(z).sum() == 0 && counts.col(z).sum() > 0 && z != *end) return kEmpty;
  const std::int64_t trees = directed_spanning_trees(counts, *end);
  if (trees <= 0) return kEmpty;
  double log_size = std::log(static_cast<double>(trees));
  for (Eigen::Index z = 0; z < counts.rows(); ++z) {
    const std::int64_t out = counts.row(z).sum();
    if (z == *end)
      log_size += log_factorial(out);
    else if (out > 0)
      log_size += log_factorial(out - 1);
    for (Eigen::Index w = 0; w < counts.cols(); ++w) log_size -= log_factorial(counts(z, w));
  }
  return log_size;
}

std::vector<PairCounts> pair_types(int states, int n, int start) {
  const int m = states;
  const int free_entries = (m - 1) * m;
  std::vector<PairCounts> types;
  std::vector<std::int64_t> entries(free_entries, 0);
  PairCounts counts(m, m);
  // Completes rows 0..m-2 (chosen) with the last row for every possible end state.
  const auto complete = [&](std::int64_t used) {
    for (int end = 0; end < m; ++end) {
      for (int i = 0; i + 1 < m; ++i)
        for (int j = 0; j < m; ++j) counts(i, j) = entries[i * m + j];
      bool valid = true;
      std::int64_t last_row = 0;
      for (int j = 0; j + 1 < m && valid; ++j) {
        const std::int64_t out = counts.row(j).sum();
        std::int64_t in_from_others = 0;
        for (int i = 0; i + 1 < m; ++i) in_from_others += counts(i, j);
        // in(j) = out(j) - [j = start] + [j = end]
        counts(m - 1, j) = out - (j == start) + (j == end) - in_from_others;
        valid = counts(m - 1, j) >= 0;
        last_row += counts(m - 1, j);
      }
      if (!valid) continue;
      counts(m - 1, m - 1) = n - used - last_row;
      if (counts(m - 1, m - 1) < 0) continue;
      const auto e = end_state(counts, start);
      if (e && *e == end && std::isfinite(log_type_class_size(counts, start)))
        types.push_back(counts);
    }
  };
  const auto recurse = [&](auto&& self, int index, std::int64_t used) -> void {
    if (index == free_entries) return complete(used);
    for (std::int64_t k = 0; used + k <= n; ++k) {
      entries[index] = k;
      self(self, index + 1, used + k);
    }
    entries[index] = 0;
  };
  recurse(recurse, 0, 0);
  return types;
}

std::map<std::vector<std::int64_t>, std::int64_t> enumerate_type_classes(int states, int n,
                                                                         int start) {
  std::map<std::vector<std::int64_t>, std::int64_t> classes;
  std::vector<int> path(n + 1, 0);
  path[0] = start;
  std::int64_t total = 1;
  for (int t = 0; t < n; ++t) total *= states;
  for (std::int64_t code = 0; code < total; ++code) {
    std::int64_t rest = code;
    std::vector<std::int64_t> counts(static_cast<std::size_t>(states * states), 0);
    for (int t = 1; t <= n; ++t) {
      path[t] = static_cast<int>(rest % states);
      rest /= states;
      ++counts[static_cast<std::size_t>(path[t - 1] * states + path[t])];
    }
    ++classes[counts];
  }
  return classes;
}

double type_conditional_entropy(const PairCounts& counts) {
  const double n = static_cast<double>(counts.sum());
  return n > 0 ? conditional_entropy(counts.cast<double>() / n) : 0.0;
}

}  // namespace assay::mdp_types
