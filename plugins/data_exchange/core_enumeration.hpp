// Enumeration of grid exchanges: set partitions as restricted growth strings, and for each a
// mixed-radix counter over the take fractions of the firms in non-singleton blocks (the first
// such firm's take fastest).
#pragma once

#include <algorithm>
#include <vector>

#include "market.hpp"

namespace assay::data_exchange {

// Calls visit(block, free_firms) for every partition of the firms into blocks, in restricted
// growth string order; free_firms are the firms in blocks of two or more.
template <class Visit>
void for_each_partition(int firms, Visit visit) {
  std::vector<int> block(firms, 0);
  for (;;) {
    std::vector<int> block_size(firms, 0);
    for (int b : block) ++block_size[b];
    std::vector<int> free_firms;
    for (int j = 0; j < firms; ++j)
      if (block_size[block[j]] > 1) free_firms.push_back(j);
    visit(block, free_firms);
    // Next restricted growth string: block[j] <= 1 + max(block[0..j-1]).
    int j = firms - 1;
    for (; j > 0; --j) {
      int prefix_max = 0;
      for (int i = 0; i < j; ++i) prefix_max = std::max(prefix_max, block[i]);
      if (block[j] <= prefix_max) {
        ++block[j];
        for (int i = j + 1; i < firms; ++i) block[i] = 0;
        break;
      }
    }
    if (j == 0) return;
  }
}

template <class Visit>
void for_each_grid_exchange(int firms, int grid, Visit visit) {
  for_each_partition(firms, [&](const std::vector<int>& block, const std::vector<int>& free_firms) {
    Exchange e;
    e.block = block;
    e.take = Eigen::VectorXd::Zero(firms);
    std::vector<int> level(free_firms.size(), 0);
    for (;;) {
      for (std::size_t k = 0; k < free_firms.size(); ++k)
        e.take[free_firms[k]] = static_cast<double>(level[k]) / (grid - 1);
      visit(e);
      std::size_t k = 0;
      while (k < level.size() && ++level[k] == grid) level[k++] = 0;
      if (k == level.size()) break;
    }
  });
}

}  // namespace assay::data_exchange
