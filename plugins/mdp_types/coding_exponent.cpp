#include "coding_exponent.hpp"

#include <Eigen/LU>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "convex_line_search.hpp"
#include "event_probability.hpp"
#include "markov_chain.hpp"

namespace assay::mdp_types {

double entropy_rate(const Eigen::MatrixXd& kernel) {
  return conditional_entropy(pair_measure(stationary_distribution(kernel), kernel));
}

double topological_entropy(const Eigen::MatrixXd& kernel) {
  return std::log(perron_root((kernel.array() > 0).cast<double>().matrix()).value);
}

CodingExponent coding_exponent(const Eigen::MatrixXd& kernel, double rate) {
  require_stochastic(kernel, "kernel");
  CodingExponent out;
  if (rate >= topological_entropy(kernel)) {
    out.exponent = std::numeric_limits<double>::infinity();
    out.multiplier = std::numeric_limits<double>::infinity();
    return out;
  }
  const auto powered = [&](double s) -> Eigen::MatrixXd {
    return kernel.array().pow(1 / (1 + s)).matrix();
  };
  const auto negated_dual = [&](double s) {
    return -s * rate + (1 + s) * std::log(perron_root(powered(s)).value);
  };
  const LineMinimum best = minimise_convex(negated_dual, 0.0, 1.0, 1e6);
  out.exponent = std::max(0.0, -best.value);
  out.multiplier = best.argmin;
  out.twisted_kernel = doob_transform(powered(best.argmin));
  out.pair = pair_measure(stationary_distribution(out.twisted_kernel), out.twisted_kernel);
  return out;
}

ErrorEstimate type_code_error(const Eigen::MatrixXd& kernel, const Eigen::MatrixXd& proposal,
                              const Eigen::VectorXd& initial, double rate, int n,
                              std::int64_t paths, std::mt19937_64& rng) {
  const Eigen::Index m = kernel.rows();
  const CategoricalSampler start(initial);
  const auto step = row_samplers(proposal);
  const Eigen::MatrixXd log_ratio = (kernel.array().log() - proposal.array().log()).matrix();
  double sum = 0, sum_sq = 0;
  Eigen::MatrixXd counts(m, m);
  for (std::int64_t p = 0; p < paths; ++p) {
    counts.setZero();
    int z = start(rng);
    double log_weight = 0;
    for (int t = 0; t < n; ++t) {
      const int w = step[z](rng);
      counts(z, w) += 1;
      log_weight += log_ratio(z, w);
      z = w;
    }
    if (conditional_entropy(counts / n) > rate) {
      const double weight = std::exp(log_weight);
      sum += weight;
      sum_sq += weight * weight;
    }
  }
  const double mean = sum / static_cast<double>(paths);
  const double variance = std::max(0.0, sum_sq / static_cast<double>(paths) - mean * mean);
  return {mean, std::sqrt(variance / static_cast<double>(paths))};
}

}  // namespace assay::mdp_types

namespace assay::mdp_types {

DecayFit fit_exponential_decay(const std::vector<int>& lengths,
                               const std::vector<ErrorEstimate>& estimates) {
  const auto k = static_cast<Eigen::Index>(lengths.size());
  if (k < 4) throw std::invalid_argument("a decay fit needs at least four lengths");
  Eigen::MatrixXd design(k, 3);
  Eigen::VectorXd target(k), weight(k);
  for (Eigen::Index i = 0; i < k; ++i) {
    const auto& e = estimates[static_cast<std::size_t>(i)];
    if (!(e.probability > 0)) throw std::invalid_argument("a decay fit needs positive estimates");
    const double n = lengths[static_cast<std::size_t>(i)];
    design.row(i) << 1.0, -n, -std::log(n);
    target(i) = std::log(e.probability);
    const double se_log = std::max(e.standard_error / e.probability, 1e-12);  // delta method
    weight(i) = 1 / (se_log * se_log);
  }
  const Eigen::MatrixXd normal = design.transpose() * weight.asDiagonal() * design;
  const Eigen::MatrixXd covariance = normal.inverse();
  const Eigen::VectorXd beta = covariance * design.transpose() * weight.asDiagonal() * target;
  return {beta(1), std::sqrt(covariance(1, 1)), beta(2)};
}

}  // namespace assay::mdp_types
