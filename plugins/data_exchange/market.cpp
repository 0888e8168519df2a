#include "market.hpp"

#include <cmath>
#include <map>

namespace assay::data_exchange {

Exchange Exchange::autarky(int firms) {
  Exchange e;
  for (int j = 0; j < firms; ++j) e.block.push_back(j);
  e.take = Eigen::VectorXd::Zero(firms);
  return e;
}

Eigen::VectorXd market_shares(const Market& market, const Eigen::VectorXd& accuracy) {
  const Eigen::Index n = accuracy.size();
  Eigen::VectorXd s(n);
  const double best = accuracy.maxCoeff();
  if (market.demand == Demand::rational) {
    for (Eigen::Index j = 0; j < n; ++j) s[j] = accuracy[j] >= best - kTieTolerance ? 1.0 : 0.0;
  } else {
    for (Eigen::Index j = 0; j < n; ++j) s[j] = std::exp(market.beta * (accuracy[j] - best));
  }
  return s / s.sum();
}

Eigen::MatrixXd exchange_fractions(const Exchange& exchange) {
  const Eigen::Index n = exchange.take.size();
  Eigen::MatrixXd x = Eigen::MatrixXd::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j)
      if (i != j && exchange.block[i] == exchange.block[j]) x(i, j) = exchange.take[j];
  return x;
}

std::vector<std::int64_t> block_labels(const Exchange& exchange) {
  const auto n = static_cast<std::int64_t>(exchange.block.size());
  std::vector<std::int64_t> label(exchange.block.size());
  for (std::int64_t j = 0; j < n; ++j) {
    label[j] = j;
    for (std::int64_t i = 0; i < j; ++i)
      if (exchange.block[i] == exchange.block[j]) {
        label[j] = i;
        break;
      }
  }
  return label;
}

Eigen::VectorXd training_sizes(const Market& market, const Exchange& exchange) {
  // d_j = m_j + sum_i x_ij m_i with x_ij = t_j inside j's block: m_j + t_j (M_block - m_j).
  const int n = market.firms();
  Eigen::VectorXd d = market.sizes;
  for (int j = 0; j < n; ++j) {
    double others = 0;
    for (int i = 0; i < n; ++i)
      if (i != j && exchange.block[i] == exchange.block[j]) others += market.sizes[i];
    d[j] += exchange.take[j] * others;
  }
  return d;
}

Eigen::VectorXd accuracies(const Market& market, const Eigen::VectorXd& training_sizes) {
  Eigen::VectorXd a(training_sizes.size());
  for (Eigen::Index j = 0; j < a.size(); ++j) a[j] = market.curves[j](training_sizes[j]);
  return a;
}

Eigen::VectorXd payoffs(const Market& market, const Exchange& exchange) {
  const Eigen::VectorXd s =
      market_shares(market, accuracies(market, training_sizes(market, exchange)));
  if (!market.equal_sharing) return s;
  std::map<int, std::pair<double, int>> totals;
  for (int j = 0; j < market.firms(); ++j) {
    totals[exchange.block[j]].first += s[j];
    totals[exchange.block[j]].second += 1;
  }
  Eigen::VectorXd u(s.size());
  for (int j = 0; j < market.firms(); ++j) {
    const auto& [sum, count] = totals[exchange.block[j]];
    u[j] = sum / count;
  }
  return u;
}

}  // namespace assay::data_exchange
