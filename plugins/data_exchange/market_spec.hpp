// Building markets from a plain description: data-set sizes (given or drawn) and prediction
// functions that are either power laws or learning curves measured by training a learner.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "market.hpp"
#include "measured_curve.hpp"

namespace assay::data_exchange {

enum class CurveKind { power_law, measured };

struct MarketSpec {
  int firms = 3;
  std::vector<double> sizes;  // empty: drawn log-uniformly from [size_min, size_max]
  double size_min = 20, size_max = 400;
  Demand demand = Demand::rational;
  double beta = 60;
  bool equal_sharing = false;
  CurveKind curve = CurveKind::power_law;
  double a_max = 1, c = 1, alpha = 0.4;  // power law a(d) = a_max - c d^-alpha, all firms
  // Measured curves: firm j's task has label noise label_noise * (1 + noise_spread * r_j)
  // with r_j evenly spaced in [-1/2, 1/2], so firms differ in how useful their data is;
  // with no spread all firms share one task and one measured curve.
  ClassificationTask task;
  double noise_spread = 0;
  // Measured curves on this data set instead of the synthetic task when given (rows:
  // features..., label): all firms draw from it, so they share one curve (no spread).
  std::optional<Eigen::MatrixXd> data;
  int curve_points = 12, curve_repeats = 20;
};

// Sizes first, then one learning curve per firm, all from `rng`.
// The measured curves (raw, before the monotone envelope) go to `measured` if given.
Market make_market(const MarketSpec& spec, std::mt19937_64& rng,
                   std::vector<MeasuredCurve>* measured = nullptr);

// Tasks of the firms under `spec`, with the pool large enough for the grand coalition.
std::vector<ClassificationTask> firm_tasks(const MarketSpec& spec, const Eigen::VectorXd& sizes);

// The reduced form of a general exchange matrix: blocks are the connected components of
// {x_ij > 0}, and t_j reproduces firm j's training size within its block.
Exchange reduce_exchange(const Market& market, const Eigen::MatrixXd& fractions);
// The same with the blocks given (block[j]: firm j's label), which may join firms that exchange
// nothing; throws if data flows between blocks.
Exchange reduce_exchange(const Market& market, const Eigen::MatrixXd& fractions,
                         std::vector<int> block);

}  // namespace assay::data_exchange
