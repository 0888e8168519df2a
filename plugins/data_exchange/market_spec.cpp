#include "market_spec.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace assay::data_exchange {

std::vector<ClassificationTask> firm_tasks(const MarketSpec& spec, const Eigen::VectorXd& sizes) {
  std::vector<ClassificationTask> tasks;
  for (int j = 0; j < spec.firms; ++j) {
    ClassificationTask t = spec.task;
    const double r = spec.firms > 1 ? double(j) / (spec.firms - 1) - 0.5 : 0.0;
    t.label_noise = spec.task.label_noise * (1 + spec.noise_spread * r);
    t.pool = std::max(static_cast<int>(std::ceil(sizes.sum())), 8);
    tasks.push_back(t);
  }
  return tasks;
}

Market make_market(const MarketSpec& spec, std::mt19937_64& rng,
                   std::vector<MeasuredCurve>* measured) {
  Market m;
  m.demand = spec.demand;
  m.beta = spec.beta;
  m.equal_sharing = spec.equal_sharing;
  m.sizes.resize(spec.firms);
  if (!spec.sizes.empty()) {
    if (static_cast<int>(spec.sizes.size()) != spec.firms)
      throw std::invalid_argument("sizes: needs one data-set size per firm, or [] to draw them");
    for (int j = 0; j < spec.firms; ++j) m.sizes[j] = spec.sizes[j];
  } else {
    std::uniform_real_distribution<double> u(std::log(spec.size_min), std::log(spec.size_max));
    for (int j = 0; j < spec.firms; ++j) m.sizes[j] = std::round(std::exp(u(rng)));
  }
  if (spec.curve == CurveKind::power_law) {
    for (int j = 0; j < spec.firms; ++j)
      m.curves.push_back(LearningCurve::power_law(spec.a_max, spec.c, spec.alpha));
  } else {
    // One shared curve when the firms face one task (a given data set, or no spread), so that
    // independent measurement noise does not make one firm's identical data look better.
    const bool given_data = spec.data.has_value();
    const bool shared = given_data || spec.noise_spread == 0;
    const auto tasks = firm_tasks(spec, m.sizes);
    std::vector<MeasuredCurve> curves;
    for (int j = 0; j < spec.firms; ++j) {
      if (shared && j > 0)
        curves.push_back(curves.front());
      else if (given_data)
        curves.push_back(measure_learning_curve(*spec.data, spec.task.ridge, spec.curve_points,
                                                spec.curve_repeats, rng));
      else
        curves.push_back(
            measure_learning_curve(tasks[j], spec.curve_points, spec.curve_repeats, rng));
      m.curves.push_back(curves.back().curve());
    }
    if (measured) *measured = std::move(curves);
  }
  return m;
}

Exchange reduce_exchange(const Market& market, const Eigen::MatrixXd& fractions) {
  const int n = market.firms();
  if (fractions.rows() != n || fractions.cols() != n)
    throw std::invalid_argument("fractions: needs an n x n matrix for n firms");
  std::vector<int> label(n);
  std::iota(label.begin(), label.end(), 0);
  // Label propagation: n rounds of taking the smallest label over exchange links.
  for (int round = 0; round < n; ++round)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (i != j && (fractions(i, j) > 0 || fractions(j, i) > 0))
          label[i] = label[j] = std::min(label[i], label[j]);
  return reduce_exchange(market, fractions, std::move(label));
}

Exchange reduce_exchange(const Market& market, const Eigen::MatrixXd& fractions,
                         std::vector<int> block) {
  const int n = market.firms();
  if (fractions.rows() != n || fractions.cols() != n)
    throw std::invalid_argument("fractions: needs an n x n matrix for n firms");
  if (static_cast<int>(block.size()) != n)
    throw std::invalid_argument("blocks: needs one block label per firm");
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (block[i] != block[j] && fractions(i, j) > 0)
        throw std::invalid_argument("fractions: firm " + std::to_string(i) +
                                    " gives data to firm " + std::to_string(j) +
                                    " of another block; put them in one block");
  Exchange e;
  e.block = std::move(block);
  e.take = Eigen::VectorXd::Zero(n);
  for (int j = 0; j < n; ++j) {
    double received = 0, available = 0;
    for (int i = 0; i < n; ++i) {
      if (i == j || e.block[i] != e.block[j]) continue;
      received += fractions(i, j) * market.sizes[i];
      available += market.sizes[i];
    }
    e.take[j] = available > 0 ? received / available : 0.0;
  }
  const auto canonical = block_labels(e);
  e.block.assign(canonical.begin(), canonical.end());
  return e;
}

}  // namespace assay::data_exchange
