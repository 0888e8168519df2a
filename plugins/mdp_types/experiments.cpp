#include "experiments.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "markov_chain.hpp"

namespace assay::mdp_types {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInfinity = std::numeric_limits<double>::infinity();
}  // namespace

void run_blocks_serially(std::size_t blocks,
                         const std::function<void(std::size_t begin, std::size_t end)>& body) {
  body(0, blocks);
}

// ---------------------------------------------------------------- markov_pair_ldp

namespace {

double mc_event_probability(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                            const ConditionalEvent& event, int n, std::int64_t paths,
                            std::uint64_t seed, std::uint64_t stream, const BlockRunner& run) {
  constexpr std::int64_t kBlock = 2000;
  std::vector<std::int64_t> hits(static_cast<std::size_t>((paths + kBlock - 1) / kBlock), 0);
  run(hits.size(), [&](std::size_t b0, std::size_t b1) {
    for (std::size_t b = b0; b < b1; ++b) {
      std::mt19937_64 rng(mix_seed(seed, stream * 100003 + b));
      const std::int64_t size = std::min<std::int64_t>(kBlock, paths - b * kBlock);
      hits[b] = count_event_paths(kernel, initial, event, n, size, rng);
    }
  });
  std::int64_t total = 0;
  for (std::int64_t h : hits) total += h;
  return static_cast<double>(total) / static_cast<double>(paths);
}

}  // namespace

PairLdpResult pair_ldp_experiment(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                                  const ConditionalEvent& event, const std::vector<int>& lengths,
                                  std::int64_t mc_paths, int mc_max_length, std::uint64_t seed,
                                  const BlockRunner& run, const ProgressFn& progress) {
  PairLdpResult out;
  out.rate = conditional_event_rate(kernel, event);
  out.finite_n = tail_gap_table(
      lengths, exact_event_log_probability(kernel, initial, event, lengths, progress),
      out.rate.rate);
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    if (mc_paths == 0 || lengths[i] > mc_max_length) {
      out.mc_probability.push_back(kNaN);
      out.mc_standard_error.push_back(kNaN);
    } else {
      const double p =
          mc_event_probability(kernel, initial, event, lengths[i], mc_paths, seed, i, run);
      out.mc_probability.push_back(p);
      out.mc_standard_error.push_back(std::sqrt(p * (1 - p) / static_cast<double>(mc_paths)));
    }
    const double p = out.mc_probability.back();
    out.mc_rate.push_back(p > 0 ? -std::log(p) / lengths[i] : kNaN);
  }
  out.primal_value = conditional_kl(out.rate.pair, kernel);
  return out;
}

double PairLdpResult::min_gap() const {
  if (finite_n.gap.empty()) return kNaN;
  return *std::min_element(finite_n.gap.begin(), finite_n.gap.end());
}

// ---------------------------------------------------------------- type_class_sizes

TypeClassSummary type_class_summary(int states, int n, int start, double max_paths) {
  const bool enumerate = n * std::log(static_cast<double>(states)) <= std::log(max_paths);
  const auto enumerated = enumerate ? enumerate_type_classes(states, n, start)
                                    : std::map<std::vector<std::int64_t>, std::int64_t>{};
  const auto types = pair_types(states, n, start);
  const double log_poly = states * states * std::log(n + 1.0);
  // Rounding slack for the bound comparisons: lgamma and log are accurate to ~1e-13 n.
  const double slack = 1e-9 * std::max(1, n);
  TypeClassSummary out{{}, log_poly, 0, enumerate ? 0.0 : kNaN, kInfinity, kInfinity, -kInfinity};
  for (const auto& t : types) {
    TypeClassRow row{t, *end_state(t, start), log_type_class_size(t, start),
                     n * type_conditional_entropy(t)};
    row.log_lower_bound = row.n_entropy - log_poly;
    out.min_upper_slack = std::min(out.min_upper_slack, row.n_entropy - row.log_size);
    out.min_lower_slack = std::min(out.min_lower_slack, row.log_size - row.log_lower_bound);
    out.outside_bounds +=
        row.log_size > row.n_entropy + slack || row.log_size < row.log_lower_bound - slack;
    const double hi = std::max(out.log_total_size, row.log_size);
    const double lo = std::min(out.log_total_size, row.log_size);
    out.log_total_size = hi + std::log1p(std::exp(lo - hi));
    if (enumerate) {
      const PairCounts row_major = t.transpose();
      const std::vector<std::int64_t> key(row_major.data(), row_major.data() + row_major.size());
      const auto it = enumerated.find(key);
      row.enumerated_size = it == enumerated.end() ? 0 : it->second;
      out.max_enumeration_error =
          std::max(out.max_enumeration_error,
                   std::abs(std::exp(row.log_size) - static_cast<double>(row.enumerated_size)));
    }
    out.rows.push_back(std::move(row));
  }
  if (enumerate && enumerated.size() != types.size()) out.max_enumeration_error = kInfinity;
  return out;
}

double type_walk_cost(int states, int n) {
  const int free = states * (states - 1);
  return std::exp(std::lgamma(n + free + 1.0) - std::lgamma(free + 1.0) - std::lgamma(n + 1.0)) *
         states;
}

// ---------------------------------------------------------------- kl_pessimism

PessimismSummary pessimism_experiment(const FiniteMdp& mdp, const Eigen::VectorXd& initial,
                                      const KlDesign& design, int replicates, std::uint64_t seed,
                                      const BlockRunner& run) {
  PessimismSummary out;
  out.true_value = initial.dot(policy_value(mdp, mdp.transitions));
  out.replicates.resize(static_cast<std::size_t>(replicates));
  run(out.replicates.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t r = begin; r < end; ++r) {
      std::mt19937_64 rng(mix_seed(seed, r));
      out.replicates[r] = run_pessimism_replicate(mdp, initial, design, rng);
    }
  });
  for (const auto& r : out.replicates) {
    out.coverage += r.covered;
    out.pessimism_rate += r.pessimistic;
    out.plug_in_over_rate += r.plug_in_value > r.true_value;
    out.mean_pessimistic += r.pessimistic_value;
    out.mean_plug_in += r.plug_in_value;
    out.mean_radius += r.mean_radius;
  }
  for (double* x : {&out.coverage, &out.pessimism_rate, &out.plug_in_over_rate,
                    &out.mean_pessimistic, &out.mean_plug_in, &out.mean_radius})
    *x /= replicates;
  return out;
}

// ---------------------------------------------------------------- markov_coding_exponent

std::vector<ErrorEstimate> coding_error_experiment(const Eigen::MatrixXd& kernel,
                                                   const CodingExponent& exponent, double rate,
                                                   const std::vector<int>& lengths,
                                                   std::int64_t paths, std::uint64_t seed,
                                                   const BlockRunner& run) {
  const Eigen::VectorXd initial = stationary_distribution(kernel);
  // The twisted kernel makes the error event typical: importance sampling with bounded
  // relative error. Below the entropy rate errors are typical and K itself is the proposal.
  const Eigen::MatrixXd& proposal = exponent.exponent > 0 ? exponent.twisted_kernel : kernel;
  std::vector<ErrorEstimate> out(lengths.size());
  constexpr std::int64_t kBlock = 2000;
  const std::int64_t blocks = (paths + kBlock - 1) / kBlock;
  const auto block_size = [&](std::size_t b) {
    return std::min<std::int64_t>(kBlock, paths - static_cast<std::int64_t>(b) * kBlock);
  };
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    std::vector<ErrorEstimate> block(static_cast<std::size_t>(blocks));
    run(block.size(), [&](std::size_t b0, std::size_t b1) {
      for (std::size_t b = b0; b < b1; ++b) {
        std::mt19937_64 rng(mix_seed(seed, i * 100003 + b));
        block[b] = type_code_error(kernel, proposal, initial, rate, lengths[i], block_size(b), rng);
      }
    });
    // Pool the block means and variances in block order.
    double mean = 0, second = 0;
    for (std::size_t b = 0; b < block.size(); ++b) {
      const double size = static_cast<double>(block_size(b));
      const double variance = block[b].standard_error * block[b].standard_error * size;
      mean += block[b].probability * size;
      second += (variance + block[b].probability * block[b].probability) * size;
    }
    mean /= static_cast<double>(paths);
    second /= static_cast<double>(paths);
    out[i] = {mean, std::sqrt(std::max(0.0, second - mean * mean) / static_cast<double>(paths))};
  }
  return out;
}

// ---------------------------------------------------------------- mdp_value_rate

namespace {

ValueSpread spread_of(const std::vector<double>& all) {
  std::vector<double> values;
  for (double v : all)
    if (std::isfinite(v)) values.push_back(v);
  ValueSpread out;
  out.discarded = static_cast<int>(all.size() - values.size());
  const double m = static_cast<double>(values.size());
  for (double v : values) out.mean += v;
  out.mean /= m;
  double fourth = 0;
  for (double v : values) {
    const double c = (v - out.mean) * (v - out.mean);
    out.variance += c;
    fourth += c * c;
  }
  out.variance /= m - 1;
  fourth /= m;
  out.variance_se = std::sqrt(std::max(0.0, fourth - out.variance * out.variance) / m);
  return out;
}

// The spread of value(rng) over `replicates` data sets, data set r drawn from stream r.
template <class DataSetValue>
ValueSpread spread_over_data_sets(int replicates, std::uint64_t seed, const BlockRunner& run,
                                  const DataSetValue& value) {
  std::vector<double> values(static_cast<std::size_t>(replicates));
  run(values.size(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t r = begin; r < end; ++r) {
      std::mt19937_64 rng(mix_seed(seed, r));
      values[r] = value(rng);
    }
  });
  return spread_of(values);
}

}  // namespace

ValueSpread plug_in_value_spread(const FiniteMdp& mdp, const Eigen::VectorXd& weights, int n,
                                 int replicates, std::uint64_t seed, const BlockRunner& run) {
  const Eigen::VectorXd d = weights / weights.sum();
  const KlDesign design{Sampling::generative, n, 0.1};
  return spread_over_data_sets(replicates, seed, run, [&](std::mt19937_64& rng) {
    const Eigen::MatrixXd empirical = sample_transition_counts(mdp, design, rng) / n;
    return d.dot(policy_value(mdp, empirical));
  });
}

ValueSpread trajectory_value_spread(const FiniteMdp& mdp, const Eigen::VectorXd& weights, int n,
                                    int replicates, std::uint64_t seed, const BlockRunner& run) {
  const Eigen::VectorXd d = weights / weights.sum();
  const KlDesign design{Sampling::trajectory, n, 0.1};
  return spread_over_data_sets(replicates, seed, run, [&](std::mt19937_64& rng) {
    const Eigen::MatrixXd counts = sample_transition_counts(mdp, design, rng);
    Eigen::MatrixXd empirical = mdp.transitions;
    bool visited = true;
    for (int z = 0; z < mdp.pairs(); ++z) {
      if (mdp.policy(z / mdp.actions(), z % mdp.actions()) == 0) continue;
      const double visits = counts.row(z).sum();
      visited &= visits > 0;
      empirical.row(z) = counts.row(z) / std::max(visits, 1.0);
    }
    return visited ? d.dot(policy_value(mdp, empirical)) : kNaN;
  });
}

}  // namespace assay::mdp_types
