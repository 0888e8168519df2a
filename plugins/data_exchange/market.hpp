// The market: n firms with data sets of sizes m_j and prediction functions f_j, competing for
// market share through the accuracy of their predictors.
//
// An exchange is stored in reduced form. Payoffs depend on an exchange x (x_ij = fraction of
// firm i's data given to firm j) only through the training sizes d_j = m_j + sum_i x_ij m_i,
// so every exchange is represented, payoff-equivalently, by a partition of the firms into
// cooperating blocks and, per firm j, the fraction t_j it takes from every other member of
// its block (x_ij = t_j for i != j in the same block, 0 across blocks).
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "learning_curve.hpp"

namespace assay::data_exchange {

enum class Demand {
  rational,  // all customers go to the most accurate firm(s); ties split equally
  logit      // s_j = exp(beta a_j) / sum_k exp(beta a_k)
};

struct Market {
  Eigen::VectorXd sizes;  // m_j
  std::vector<LearningCurve> curves;
  Demand demand = Demand::rational;
  double beta = 10;
  // Members of a cooperating block (a deviating coalition, or a block of the status quo)
  // split their total market share equally.
  bool equal_sharing = false;

  int firms() const { return static_cast<int>(sizes.size()); }
};

struct Exchange {
  std::vector<int> block;  // block[j]: label of firm j's cooperating block
  Eigen::VectorXd take;    // t_j in [0, 1]

  static Exchange autarky(int firms);  // every firm alone, no data exchanged
};

// Accuracies closer than this to the best count as ties in a fully rational market.
inline constexpr double kTieTolerance = 1e-12;

Eigen::VectorXd market_shares(const Market& market, const Eigen::VectorXd& accuracy);
Eigen::MatrixXd exchange_fractions(const Exchange& exchange);
// The coalition structure, which the fractions alone do not show (a block can exchange nothing
// and still share market share): firm j's label is the smallest firm of its block.
std::vector<std::int64_t> block_labels(const Exchange& exchange);
Eigen::VectorXd training_sizes(const Market& market, const Exchange& exchange);
Eigen::VectorXd accuracies(const Market& market, const Eigen::VectorXd& training_sizes);
// Market share, or under equal sharing the mean share of the firm's block.
Eigen::VectorXd payoffs(const Market& market, const Exchange& exchange);

}  // namespace assay::data_exchange
