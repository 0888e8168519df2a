// The finite-n view of a large-deviation rate: the exact -(1/n) log P(event) at each n against
// the rate J, and the gap scaled by n / log n, which tends to the power c of a n^{-c}
// prefactor (c = 1/2 for the lattice events here).
#pragma once

#include <vector>

namespace assay::mdp_types {

struct TailGapTable {
  std::vector<int> lengths;
  std::vector<double> exact_log_probability;  // NaN where not computed
  std::vector<double> exact_rate;             // -(1/n) log P
  std::vector<double> gap;                    // exact_rate - J
  std::vector<double> gap_n_over_log_n;       // NaN at n = 1

  // The entries at the largest n; NaN when there are no lengths.
  double exact_rate_at_max_n() const;
  double gap_at_max_n() const;
};

TailGapTable tail_gap_table(const std::vector<int>& lengths,
                            const std::vector<double>& exact_log_probability, double rate);

}  // namespace assay::mdp_types
