#include "coalition.hpp"

namespace assay::data_exchange {

std::vector<int> members_of(Coalition coalition, int firms) {
  std::vector<int> members;
  for (int j = 0; j < firms; ++j)
    if (coalition & (1u << j)) members.push_back(j);
  return members;
}

std::vector<Coalition> all_coalitions(int firms) {
  std::vector<Coalition> out;
  for (int size = 1; size <= firms; ++size)
    for (Coalition c = 1; c < (1u << firms); ++c)
      if (__builtin_popcount(c) == size) out.push_back(c);
  return out;
}

Eigen::VectorXd deviation_payoffs(const Market& market, Coalition coalition,
                                  const Eigen::VectorXd& take) {
  const int n = market.firms();
  const auto members = members_of(coalition, n);
  double inside = 0, outside = 0;
  for (int j = 0; j < n; ++j) ((coalition & (1u << j)) ? inside : outside) += market.sizes[j];
  Eigen::VectorXd d(n);
  for (int j = 0; j < n; ++j) d[j] = outside;
  for (std::size_t k = 0; k < members.size(); ++k) {
    const int j = members[k];
    d[j] = market.sizes[j] + take[static_cast<Eigen::Index>(k)] * (inside - market.sizes[j]);
  }
  const Eigen::VectorXd s = market_shares(market, accuracies(market, d));
  Eigen::VectorXd v(static_cast<Eigen::Index>(members.size()));
  double total = 0;
  for (std::size_t k = 0; k < members.size(); ++k) total += s[members[k]];
  for (std::size_t k = 0; k < members.size(); ++k)
    v[static_cast<Eigen::Index>(k)] =
        market.equal_sharing ? total / static_cast<double>(members.size()) : s[members[k]];
  return v;
}

}  // namespace assay::data_exchange
