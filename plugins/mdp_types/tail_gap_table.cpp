#include "tail_gap_table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assay::mdp_types {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double at_longest(const std::vector<int>& lengths, const std::vector<double>& values) {
  if (lengths.empty()) return kNaN;
  return values[static_cast<std::size_t>(std::max_element(lengths.begin(), lengths.end()) -
                                         lengths.begin())];
}

}  // namespace

double TailGapTable::exact_rate_at_max_n() const { return at_longest(lengths, exact_rate); }

double TailGapTable::gap_at_max_n() const { return at_longest(lengths, gap); }

TailGapTable tail_gap_table(const std::vector<int>& lengths,
                            const std::vector<double>& exact_log_probability, double rate) {
  TailGapTable out{lengths, exact_log_probability, {}, {}, {}};
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const int n = lengths[i];
    out.exact_rate.push_back(-exact_log_probability[i] / n);
    out.gap.push_back(out.exact_rate.back() - rate);
    out.gap_n_over_log_n.push_back(n > 1 ? out.gap.back() * n / std::log(n) : kNaN);
  }
  return out;
}

}  // namespace assay::mdp_types
