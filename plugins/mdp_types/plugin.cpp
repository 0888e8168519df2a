// The mdp_types plugin: SDK glue for the method of types on finite Markov chains and MDPs.
// The science lives in the other files of this folder; this file declares the methods,
// reads their params, calls the science and writes outputs.
#include <algorithm>
#include <assay/sdk.hpp>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

#include "coding_exponent.hpp"
#include "event_probability.hpp"
#include "finite_mdp.hpp"
#include "kl_ball.hpp"
#include "kl_pessimism.hpp"
#include "markov_chain.hpp"
#include "pair_ldp.hpp"
#include "type_classes.hpp"

namespace {

namespace mt = assay::mdp_types;

constexpr const char* kPaper =
    "Method of types for stationary Markov decision processes: type bounds, large deviations, "
    "KL uncertainty sets and coding exponents (seed paper 11)";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Eigen::MatrixXd two_state_kernel() {
  Eigen::MatrixXd k(2, 2);
  k << 0.9, 0.1, 0.2, 0.8;
  return k;
}

// A 2-state, 2-action MDP: transitions rows are (s, a) = (0,0), (0,1), (1,0), (1,1).
mt::FiniteMdp example_mdp() {
  mt::FiniteMdp mdp;
  mdp.transitions.resize(4, 2);
  mdp.transitions << 0.8, 0.2, 0.3, 0.7, 0.6, 0.4, 0.1, 0.9;
  mdp.rewards.resize(4);
  mdp.rewards << 1, 0, 0, 2;
  mdp.policy.resize(2, 2);
  mdp.policy << 0.5, 0.5, 0.3, 0.7;
  mdp.discount = 0.9;
  return mdp;
}

std::vector<int> as_lengths(const std::vector<double>& values, const char* key) {
  std::vector<int> lengths;
  for (double v : values) {
    if (!(v >= 1 && v <= 1e6 && v == std::floor(v)))
      throw assay::Error(std::string(key) + ": " + assay::to_text(v) +
                         " is not a length; use positive integers up to 1e6");
    lengths.push_back(static_cast<int>(v));
  }
  return lengths;
}

Eigen::VectorXd initial_or_stationary(const std::vector<double>& initial,
                                      const Eigen::MatrixXd& kernel) {
  if (initial.empty()) return mt::stationary_distribution(kernel);
  if (static_cast<Eigen::Index>(initial.size()) != kernel.rows())
    throw assay::Error(
        "initial: needs one probability per state of the kernel, or [] for the "
        "stationary law");
  return Eigen::Map<const Eigen::VectorXd>(initial.data(), kernel.rows());
}

std::uint64_t check_seed(const assay::CheckContext& ctx, std::uint64_t stream) {
  return assay::derive_seed(ctx.seed, stream);
}

// ---------------------------------------------------------------- markov_pair_ldp

struct PairLdpResult {
  mt::PairRate rate;
  std::vector<int> lengths;
  std::vector<double> exact_log_probability;
  std::vector<double> mc_probability, mc_standard_error;
};

// Monte Carlo in fixed blocks of paths, one RNG stream per (length, block): bit-identical
// whatever the number of threads.
double mc_event_probability(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                            const mt::ConditionalEvent& event, int n, std::int64_t paths,
                            std::uint64_t seed, std::uint64_t stream) {
  constexpr std::size_t kBlock = 2000;
  const auto hits = assay::deterministic_reduce(
      static_cast<std::size_t>(paths), kBlock, std::int64_t{0},
      [&](std::size_t begin, std::size_t end) {
        std::mt19937_64 rng(assay::derive_seed(seed, stream * 100003 + begin / kBlock));
        return mt::count_event_paths(kernel, initial, event, n,
                                     static_cast<std::int64_t>(end - begin), rng);
      },
      [](std::int64_t a, std::int64_t b) { return a + b; });
  return static_cast<double>(hits) / static_cast<double>(paths);
}

PairLdpResult pair_ldp(const Eigen::MatrixXd& kernel, const Eigen::VectorXd& initial,
                       const mt::ConditionalEvent& event, const std::vector<int>& lengths,
                       std::int64_t mc_paths, int mc_max_length, std::uint64_t seed,
                       const mt::ProgressFn& progress = {}) {
  PairLdpResult out;
  out.rate = mt::conditional_event_rate(kernel, event);
  out.lengths = lengths;
  out.exact_log_probability =
      mt::exact_event_log_probability(kernel, initial, event, lengths, progress);
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    if (mc_paths == 0 || lengths[i] > mc_max_length) {
      out.mc_probability.push_back(kNaN);
      out.mc_standard_error.push_back(kNaN);
      continue;
    }
    const double p = mc_event_probability(kernel, initial, event, lengths[i], mc_paths, seed, i);
    out.mc_probability.push_back(p);
    out.mc_standard_error.push_back(std::sqrt(p * (1 - p) / static_cast<double>(mc_paths)));
  }
  return out;
}

double exact_rate(const PairLdpResult& r, std::size_t i) {
  return -r.exact_log_probability[i] / r.lengths[i];
}

mt::ConditionalEvent issue_event() { return {0, 1, 0.3, mt::Tail::at_least}; }

assay::MethodInfo markov_pair_ldp_info() {
  return assay::method("markov_pair_ldp",
                       "Rate J of an event on an empirical conditional of a Markov chain, the "
                       "tilted kernel attaining it, and -(1/n) log P(event) computed exactly")
      .cite(kPaper)
      .param<Eigen::MatrixXd>("kernel", two_state_kernel(),
                              "transition kernel K (square, rows sum to 1, irreducible); for an "
                              "MDP pass the state-action pair kernel P(s'|s,a) pi(a'|s')")
      .param<int>("row", 0, "conditioning state z of the event", assay::range(0, 1 << 10))
      .param<int>("col", 1, "next state z' of the event", assay::range(0, 1 << 10))
      .param<double>("threshold", 0.3, "event threshold on P^(col | row)", assay::range(0, 1))
      .choice("tail", "at_least", {"at_least", "at_most"},
              "event P^(col|row) >= threshold (at_least) or <= threshold (at_most)")
      .param<std::vector<double>>("lengths", {50, 100, 200, 400, 800},
                                  "numbers of transitions n at which P(event) is computed exactly")
      .param<std::vector<double>>("initial", {},
                                  "law of Z_0 (one entry per state); [] = stationary law of K")
      .param<int>("mc_paths", 20000, "Monte Carlo paths per length (0: no Monte Carlo)",
                  assay::range(0, 1e8))
      .param<int>("mc_max_length", 200, "Monte Carlo only for n up to this", assay::range(0, 1e6))
      .output<double>("rate", "J = inf D(Q||K|q) over shift-invariant Q in the event")
      .output<double>("tilt", "optimal Legendre multiplier lambda*")
      .output<Eigen::MatrixXd>("tilted_kernel",
                               "Doob transform of K exp(lambda* f): the most likely way the "
                               "event happens")
      .output<Eigen::MatrixXd>("optimal_pair", "minimising pair measure Q*")
      .output<double>("primal_value", "D(Q*||K|q*), equal to the rate by duality")
      .output<double>("exact_rate_at_max_n", "-(1/n) log P(event) at the largest n")
      .output<double>("gap_at_max_n", "exact_rate_at_max_n - rate")
      .output<double>("min_gap", "smallest -(1/n) log P(event) - J over the lengths")
      .output<assay::Table>("finite_n",
                            "per n: exact_log_probability, exact_rate, gap, "
                            "gap_n_over_log_n, mc_probability, mc_standard_error, mc_rate")
      .check("exact_rate_above_limit",
             "The exact -(1/n) log P(P^(1|0) >= 0.3) for K = [[0.9,0.1],[0.2,0.8]] lies above "
             "the LDP rate J for every n in 50..800 (the polynomial prefactor is below 1).",
             [](const assay::CheckContext& ctx) {
               const Eigen::MatrixXd k = two_state_kernel();
               const auto r = pair_ldp(k, mt::stationary_distribution(k), issue_event(),
                                       {50, 100, 200, 400, 800}, 0, 0, ctx.seed);
               double min_gap = std::numeric_limits<double>::infinity();
               for (std::size_t i = 0; i < r.lengths.size(); ++i)
                 min_gap = std::min(min_gap, exact_rate(r, i) - r.rate.rate);
               return assay::expect_at_least(min_gap, 0.0, "min over n of exact rate - J");
             })
      .check("gap_shrinks_like_log_n_over_n",
             "The gap -(1/n) log P - J behaves as c log(n)/n with c = 1/2 (a n^{-1/2} "
             "prefactor): c extrapolated (Richardson) from n = 200, 400, 800, tolerance the "
             "size of the last correction.",
             [](const assay::CheckContext& ctx) {
               const Eigen::MatrixXd k = two_state_kernel();
               const auto r = pair_ldp(k, mt::stationary_distribution(k), issue_event(),
                                       {200, 400, 800}, 0, 0, ctx.seed);
               // n gap = c log n + b + O(1/n): slope of n gap in log n over each doubling.
               const auto scaled = [&](std::size_t i) {
                 return r.lengths[i] * (exact_rate(r, i) - r.rate.rate);
               };
               const double s1 = (scaled(1) - scaled(0)) / std::log(2.0);
               const double s2 = (scaled(2) - scaled(1)) / std::log(2.0);
               return assay::expect_near(2 * s2 - s1, 0.5, std::abs(s2 - s1),
                                         "c from doublings 200->400->800");
             })
      .check("primal_equals_dual",
             "The tilted kernel's stationary pair measure Q* attains the rate: "
             "D(Q*||K|q*) = J and Q* lies on the event boundary P*(1|0) = 0.3.",
             [](const assay::CheckContext&) {
               const auto r = mt::conditional_event_rate(two_state_kernel(), issue_event());
               const double primal = mt::conditional_kl(r.pair, two_state_kernel());
               // Brent locates lambda to ~1e-8; D is flat at the optimum, so ~1e-8 suffices.
               return assay::expect_near(primal, r.rate, 1e-7, "D(Q*||K|q*) vs J");
             })
      .check("exact_matches_monte_carlo",
             "The exact dynamic programme agrees with plain Monte Carlo at n = 50 within four "
             "binomial standard errors.",
             [](const assay::CheckContext& ctx) {
               const Eigen::MatrixXd k = two_state_kernel();
               const auto r = pair_ldp(k, mt::stationary_distribution(k), issue_event(), {50},
                                       40000, 50, ctx.seed);
               const double exact = std::exp(r.exact_log_probability[0]);
               return assay::expect_near(r.mc_probability[0], exact,
                                         4 * std::sqrt(exact * (1 - exact) / 40000),
                                         "MC vs exact P at n = 50");
             });
}

void markov_pair_ldp(assay::Context& ctx) {
  const auto kernel = ctx.param<Eigen::MatrixXd>("kernel");
  mt::require_stochastic(kernel, "kernel");
  const mt::ConditionalEvent event{
      ctx.param<int>("row"), ctx.param<int>("col"), ctx.param<double>("threshold"),
      ctx.param<std::string>("tail") == "at_least" ? mt::Tail::at_least : mt::Tail::at_most};
  if (event.row >= kernel.rows() || event.col >= kernel.rows())
    throw assay::Error("row/col: outside the kernel's " + std::to_string(kernel.rows()) +
                       " states");
  const auto lengths = as_lengths(ctx.param<std::vector<double>>("lengths"), "lengths");
  const auto initial = initial_or_stationary(ctx.param<std::vector<double>>("initial"), kernel);
  const auto r = pair_ldp(kernel, initial, event, lengths, ctx.param<int>("mc_paths"),
                          ctx.param<int>("mc_max_length"), ctx.seed(), [&](double f) {
                            ctx.throw_if_cancelled();
                            ctx.progress(0.9 * f);
                          });
  std::vector<std::int64_t> ns;
  std::vector<double> rate_n, gap, gap_scaled, mc_rate;
  double min_gap = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    ns.push_back(lengths[i]);
    rate_n.push_back(exact_rate(r, i));
    gap.push_back(rate_n.back() - r.rate.rate);
    gap_scaled.push_back(lengths[i] > 1 ? gap.back() * lengths[i] / std::log(lengths[i]) : kNaN);
    mc_rate.push_back(r.mc_probability[i] > 0 ? -std::log(r.mc_probability[i]) / lengths[i] : kNaN);
    min_gap = std::min(min_gap, gap.back());
  }
  const auto last =
      static_cast<std::size_t>(std::max_element(lengths.begin(), lengths.end()) - lengths.begin());
  ctx.output("rate", r.rate.rate);
  ctx.output("tilt", r.rate.tilt);
  ctx.output("tilted_kernel", r.rate.tilted_kernel);
  ctx.output("optimal_pair", r.rate.pair);
  ctx.output("primal_value", mt::conditional_kl(r.rate.pair, kernel));
  ctx.output("exact_rate_at_max_n", rate_n[last]);
  ctx.output("gap_at_max_n", gap[last]);
  ctx.output("min_gap", min_gap);
  assay::Table table;
  table.add("n", ns)
      .add("exact_log_probability", r.exact_log_probability)
      .add("exact_rate", rate_n)
      .add("gap", gap)
      .add("gap_n_over_log_n", gap_scaled)
      .add("mc_probability", r.mc_probability)
      .add("mc_standard_error", r.mc_standard_error)
      .add("mc_rate", mc_rate);
  ctx.output("finite_n", std::move(table));
  ctx.progress(1.0);
}

// ---------------------------------------------------------------- type_class_sizes

struct TypeClassSummary {
  assay::Table table;
  std::int64_t type_count = 0;
  std::int64_t outside_bounds = 0;
  double max_enumeration_error = kNaN;  // NaN when the paths were not enumerated
  double min_upper_slack = std::numeric_limits<double>::infinity();
  double min_lower_slack = std::numeric_limits<double>::infinity();
  double log_total_size = -std::numeric_limits<double>::infinity();
};

std::string counts_text(const mt::PairCounts& c) {
  std::ostringstream out;
  out << '[';
  for (Eigen::Index i = 0; i < c.rows(); ++i) {
    out << (i ? ", [" : "[");
    for (Eigen::Index j = 0; j < c.cols(); ++j) out << (j ? ", " : "") << c(i, j);
    out << ']';
  }
  out << ']';
  return out.str();
}

TypeClassSummary type_class_summary(int states, int n, int start, double max_paths) {
  const double log_paths = n * std::log(static_cast<double>(states));
  const bool enumerate = log_paths <= std::log(max_paths);
  const auto enumerated = enumerate ? mt::enumerate_type_classes(states, n, start)
                                    : std::map<std::vector<std::int64_t>, std::int64_t>{};
  const auto types = mt::pair_types(states, n, start);
  const double log_poly = states * states * std::log(n + 1.0);
  // Rounding slack for the bound comparisons: lgamma and log are accurate to ~1e-13 n.
  const double slack = 1e-9 * std::max(1, n);
  TypeClassSummary out;
  out.type_count = static_cast<std::int64_t>(types.size());
  if (enumerate) out.max_enumeration_error = 0;
  std::vector<std::string> text;
  std::vector<std::int64_t> end, enumerated_size;
  std::vector<double> log_size, n_entropy, log_lower;
  for (const auto& t : types) {
    const double ls = mt::log_type_class_size(t, start);
    const double nh = n * mt::type_conditional_entropy(t);
    text.push_back(counts_text(t));
    end.push_back(*mt::end_state(t, start));
    log_size.push_back(ls);
    n_entropy.push_back(nh);
    log_lower.push_back(nh - log_poly);
    out.min_upper_slack = std::min(out.min_upper_slack, nh - ls);
    out.min_lower_slack = std::min(out.min_lower_slack, ls - (nh - log_poly));
    out.outside_bounds += ls > nh + slack || ls < nh - log_poly - slack;
    out.log_total_size =
        std::max(out.log_total_size, ls) +
        std::log1p(std::exp(std::min(out.log_total_size, ls) - std::max(out.log_total_size, ls)));
    if (enumerate) {
      const mt::PairCounts row_major = t.transpose();
      const std::vector<std::int64_t> key(row_major.data(), row_major.data() + row_major.size());
      const auto it = enumerated.find(key);
      const std::int64_t count = it == enumerated.end() ? 0 : it->second;
      enumerated_size.push_back(count);
      out.max_enumeration_error =
          std::max(out.max_enumeration_error, std::abs(std::exp(ls) - static_cast<double>(count)));
    } else {
      enumerated_size.push_back(-1);
    }
  }
  if (enumerate && enumerated.size() != types.size())
    out.max_enumeration_error = std::numeric_limits<double>::infinity();
  out.table.add("counts", text)
      .add("end_state", end)
      .add("log_size", log_size)
      .add("n_entropy", n_entropy)
      .add("log_lower_bound", log_lower)
      .add("enumerated_size", enumerated_size);
  return out;
}

// Work of the type walk: C(n + m(m-1), m(m-1)) count matrices times m end states.
double type_walk_cost(int states, int n) {
  const int free = states * (states - 1);
  return std::exp(std::lgamma(n + free + 1.0) - std::lgamma(free + 1.0) - std::lgamma(n + 1.0)) *
         states;
}

assay::MethodInfo type_class_sizes_info() {
  return assay::method("type_class_sizes",
                       "Exact Markov pair-type class sizes (Whittle / BEST) against the type "
                       "bounds (n+1)^(-|Z|^2) e^{nH} <= |T| <= e^{nH}")
      .cite(kPaper)
      .param<int>("states", 2, "alphabet size |Z|", assay::range(2, 4))
      .param<int>("length", 10, "number of transitions n", assay::range(1, 400))
      .param<int>("start", 0, "initial state z_0", assay::range(0, 3))
      .param<double>("max_enumerated_paths", 1 << 20,
                     "enumerate all |Z|^n paths to check Whittle's formula when |Z|^n is at "
                     "most this",
                     assay::range(1, 1e8))
      .output<std::int64_t>("type_count", "pair types with a non-empty class")
      .output<double>("log_type_count_bound", "|Z|^2 log(n+1): the log of the type-count bound")
      .output<std::int64_t>("outside_bounds", "types whose class size violates a bound")
      .output<double>("min_upper_slack", "min over types of nH - log|T| (>= 0 by the bound)")
      .output<double>("min_lower_slack",
                      "min over types of log|T| - (nH - |Z|^2 log(n+1)) (>= 0 by the bound)")
      .output<double>("max_enumeration_error",
                      "max |Whittle - enumerated count| (NaN when not enumerated)")
      .output<double>("log_total_size",
                      "log of the summed class sizes; equals n log|Z| when every path is counted")
      .output<assay::Table>("types",
                            "per type: counts, end_state, log_size, n_entropy, "
                            "log_lower_bound, enumerated_size (-1: not enumerated)")
      .check("whittle_equals_enumeration",
             "Whittle's formula gives exactly the number of paths in every type class "
             "(brute-force enumeration: |Z| = 2 up to n = 14, |Z| = 3 up to n = 8).",
             [](const assay::CheckContext&) {
               double worst = 0;
               for (const auto& [m, n_max] : {std::pair{2, 14}, std::pair{3, 8}})
                 for (int n = 1; n <= n_max; ++n)
                   for (int start = 0; start < m; ++start)
                     worst = std::max(worst,
                                      type_class_summary(m, n, start, 1e8).max_enumeration_error);
               // Counts are below 2^20, so exp(log size) is within 1e-6 of an integer.
               return assay::expect_at_most(worst, 1e-6, "max |Whittle - enumeration|");
             })
      .check("class_sizes_within_type_bounds",
             "Every non-empty pair-type class satisfies (n+1)^(-|Z|^2) e^{nH} <= |T| <= e^{nH} "
             "(all types, |Z| = 2 up to n = 60, |Z| = 3 up to n = 12).",
             [](const assay::CheckContext&) {
               std::int64_t outside = 0;
               for (const auto& [m, n_max] : {std::pair{2, 60}, std::pair{3, 12}})
                 for (int n = 1; n <= n_max; ++n)
                   outside += type_class_summary(m, n, 0, 1).outside_bounds;
               return assay::expect_at_most(static_cast<double>(outside), 0.0,
                                            "types outside the bounds");
             })
      .check("type_count_polynomial",
             "The number of pair types of length n is at most (n+1)^{|Z|^2} (|Z| = 3, n = 12).",
             [](const assay::CheckContext&) {
               const auto s = type_class_summary(3, 12, 0, 1);
               return assay::expect_at_most(std::log(static_cast<double>(s.type_count)),
                                            9 * std::log(13.0), "log type count");
             });
}

void type_class_sizes(assay::Context& ctx) {
  const int states = ctx.param<int>("states"), n = ctx.param<int>("length");
  const int start = ctx.param<int>("start");
  if (start >= states) throw assay::Error("start: must be below states");
  if (type_walk_cost(states, n) > 5e7)
    throw assay::Error("length: the type walk for " + std::to_string(states) + " states and n = " +
                       std::to_string(n) + " is too large; lower length or states");
  auto s = type_class_summary(states, n, start, ctx.param<double>("max_enumerated_paths"));
  ctx.output("type_count", s.type_count);
  ctx.output("log_type_count_bound", states * states * std::log(n + 1.0));
  ctx.output("outside_bounds", s.outside_bounds);
  ctx.output("min_upper_slack", s.min_upper_slack);
  ctx.output("min_lower_slack", s.min_lower_slack);
  ctx.output("max_enumeration_error", s.max_enumeration_error);
  ctx.output("log_total_size", s.log_total_size);
  ctx.output("types", std::move(s.table));
}

// ---------------------------------------------------------------- kl_pessimism

struct PessimismSummary {
  std::vector<mt::PessimismReplicate> replicates;
  double coverage = 0, pessimism_rate = 0, plug_in_over_rate = 0;
  double mean_pessimistic = 0, mean_plug_in = 0, mean_radius = 0;
};

PessimismSummary pessimism_experiment(const mt::FiniteMdp& mdp, const Eigen::VectorXd& initial,
                                      const mt::KlDesign& design, int replicates,
                                      std::uint64_t seed, const assay::Context* ctx = nullptr) {
  PessimismSummary out;
  out.replicates.resize(static_cast<std::size_t>(replicates));
  assay::parallel_for(out.replicates.size(), 4, [&](std::size_t begin, std::size_t end) {
    for (std::size_t r = begin; r < end; ++r) {
      if (ctx) ctx->throw_if_cancelled();
      std::mt19937_64 rng(assay::derive_seed(seed, r));
      out.replicates[r] = mt::run_pessimism_replicate(mdp, initial, design, rng);
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

// One-sided binomial tolerance: a rate p estimated from r replicates, 3 standard errors.
double rate_tolerance(double p, int replicates) { return 3 * std::sqrt(p * (1 - p) / replicates); }

assay::MethodInfo kl_pessimism_info() {
  const mt::FiniteMdp mdp = example_mdp();
  return assay::method("kl_pessimism",
                       "KL uncertainty sets with finite-sample radii from the method of types, "
                       "pessimistic (robust) policy evaluation through the KL-ball dual, and "
                       "their coverage over repeated data sets")
      .cite(kPaper)
      .param<Eigen::MatrixXd>("transitions", mdp.transitions,
                              "P(s'|s,a): |S||A| x |S|, row s*|A|+a")
      .param<Eigen::VectorXd>("rewards", mdp.rewards, "r(s,a): |S||A| entries, index s*|A|+a")
      .param<Eigen::MatrixXd>("policy", mdp.policy, "pi(a|s): |S| x |A|")
      .param<double>("discount", mdp.discount, "discount gamma", assay::range(0, 0.999))
      .param<std::vector<double>>("initial", {},
                                  "initial state law for the reported values; "
                                  "[] = uniform")
      .param<int>("n", 200, "samples per (s,a) (generative) or trajectory length (trajectory)",
                  assay::range(1, 1e6))
      .param<double>("alpha", 0.1, "the set must cover P with probability >= 1 - alpha",
                     assay::range(1e-6, 0.999))
      .choice("sampling", "generative", {"generative", "trajectory"},
              "generative: n i.i.d. next states per pair; trajectory: one stationary "
              "trajectory of n transitions under the policy")
      .param<int>("replicates", 200, "independent data sets", assay::range(1, 1e6))
      .output<double>("true_value", "initial . V^pi(P)")
      .output<double>("coverage", "fraction of data sets whose set contains every P(.|s,a)")
      .output<double>("pessimism_rate", "fraction with V_pess <= V^pi(P) at every state")
      .output<double>("plug_in_over_rate", "fraction with initial . V^pi(P^) > true value")
      .output<double>("mean_pessimistic_value", "mean of initial . V_pess")
      .output<double>("mean_plug_in_value", "mean of initial . V^pi(P^)")
      .output<double>("mean_radius", "mean KL radius over visited pairs")
      .output<assay::Table>("replicates",
                            "per data set: covered, pessimistic, plug_in_value, "
                            "pessimistic_value, mean_radius")
      .check(
          "coverage_at_least_1_minus_alpha",
          "The KL set with the method-of-types radius contains the true kernel with "
          "probability >= 1 - alpha (alpha = 0.1, n = 100 per pair, 200 data sets; "
          "tolerance 3 binomial standard errors).",
          [](const assay::CheckContext& ctx) {
            const auto mdp = example_mdp();
            const auto s =
                pessimism_experiment(mdp, Eigen::VectorXd::Constant(2, 0.5),
                                     {mt::Sampling::generative, 100, 0.1}, 200, check_seed(ctx, 1));
            return assay::expect_at_least(s.coverage, 0.9 - rate_tolerance(0.9, 200), "coverage");
          })
      .check("pessimistic_below_truth",
             "The pessimistic value is below the true value (at every state) at least "
             "1 - alpha of the time, here from one stationary trajectory of 400 transitions "
             "(alpha = 0.1, 200 data sets, 3 binomial standard errors).",
             [](const assay::CheckContext& ctx) {
               const auto mdp = example_mdp();
               const auto s = pessimism_experiment(mdp, Eigen::VectorXd::Constant(2, 0.5),
                                                   {mt::Sampling::trajectory, 400, 0.1}, 200,
                                                   check_seed(ctx, 2));
               return assay::expect_at_least(s.pessimism_rate, 0.9 - rate_tolerance(0.9, 200),
                                             "fraction V_pess <= V");
             })
      .check("dual_equals_brute_force",
             "The one-dimensional dual of min {p.v : D(f||p) <= eps} equals a brute-force "
             "search over the boundary of the KL ball (100 random 3-outcome instances).",
             [](const assay::CheckContext& ctx) {
               std::mt19937_64 rng(check_seed(ctx, 3));
               std::uniform_real_distribution<double> u(0, 1);
               double worst = 0;
               for (int i = 0; i < 100; ++i) {
                 Eigen::VectorXd f(3), v(3);
                 for (int j = 0; j < 3; ++j) f(j) = u(rng), v(j) = 10 * u(rng) - 5;
                 if (i % 4 == 0) f(i % 3) = 0;  // an unobserved outcome
                 f /= f.sum();
                 const double radius = 0.005 + 0.5 * u(rng);
                 worst =
                     std::max(worst, std::abs(mt::kl_ball_minimum(f, v, radius).value -
                                              mt::kl_ball_minimum_brute_force(f, v, radius, 720)));
               }
               // Both sides locate a flat optimum to ~1e-8 of the value scale (|v| <= 5).
               return assay::expect_at_most(worst, 1e-6, "max |dual - brute force|");
             });
}

mt::FiniteMdp read_mdp(const assay::Context& ctx) {
  mt::FiniteMdp mdp;
  mdp.transitions = ctx.param<Eigen::MatrixXd>("transitions");
  mdp.rewards = ctx.param<Eigen::VectorXd>("rewards");
  mdp.policy = ctx.param<Eigen::MatrixXd>("policy");
  mdp.discount = ctx.param<double>("discount");
  try {
    mdp.validate();
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string("transitions/rewards/policy: ") + e.what());
  }
  return mdp;
}

void kl_pessimism(assay::Context& ctx) {
  const auto mdp = read_mdp(ctx);
  const auto initial_param = ctx.param<std::vector<double>>("initial");
  Eigen::VectorXd initial = Eigen::VectorXd::Constant(mdp.states(), 1.0 / mdp.states());
  if (!initial_param.empty()) {
    if (static_cast<int>(initial_param.size()) != mdp.states())
      throw assay::Error("initial: needs |S| entries, or [] for uniform");
    initial = Eigen::Map<const Eigen::VectorXd>(initial_param.data(), mdp.states());
  }
  const mt::KlDesign design{ctx.param<std::string>("sampling") == "generative"
                                ? mt::Sampling::generative
                                : mt::Sampling::trajectory,
                            ctx.param<int>("n"), ctx.param<double>("alpha")};
  const auto s =
      pessimism_experiment(mdp, initial, design, ctx.param<int>("replicates"), ctx.seed(), &ctx);
  ctx.output("true_value", initial.dot(mt::policy_value(mdp, mdp.transitions)));
  ctx.output("coverage", s.coverage);
  ctx.output("pessimism_rate", s.pessimism_rate);
  ctx.output("plug_in_over_rate", s.plug_in_over_rate);
  ctx.output("mean_pessimistic_value", s.mean_pessimistic);
  ctx.output("mean_plug_in_value", s.mean_plug_in);
  ctx.output("mean_radius", s.mean_radius);
  std::vector<std::int64_t> covered, pessimistic;
  std::vector<double> plug_in, pess, radius;
  for (const auto& r : s.replicates) {
    covered.push_back(r.covered);
    pessimistic.push_back(r.pessimistic);
    plug_in.push_back(r.plug_in_value);
    pess.push_back(r.pessimistic_value);
    radius.push_back(r.mean_radius);
  }
  assay::Table table;
  table.add("covered", covered)
      .add("pessimistic", pessimistic)
      .add("plug_in_value", plug_in)
      .add("pessimistic_value", pess)
      .add("mean_radius", radius);
  ctx.output("replicates", std::move(table));
}

// ---------------------------------------------------------------- markov_coding_exponent

std::vector<mt::ErrorEstimate> coding_errors(const Eigen::MatrixXd& kernel,
                                             const mt::CodingExponent& e, double rate,
                                             const std::vector<int>& lengths, std::int64_t paths,
                                             std::uint64_t seed) {
  const Eigen::VectorXd initial = mt::stationary_distribution(kernel);
  // The twisted kernel makes the error event typical: importance sampling with bounded
  // relative error. Below the entropy rate errors are typical and K itself is the proposal.
  const Eigen::MatrixXd& proposal = e.exponent > 0 ? e.twisted_kernel : kernel;
  std::vector<mt::ErrorEstimate> out(lengths.size());
  constexpr std::int64_t kBlock = 2000;
  const std::int64_t blocks = (paths + kBlock - 1) / kBlock;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    // Combine block means in block order: identical for any thread count.
    std::vector<mt::ErrorEstimate> block(static_cast<std::size_t>(blocks));
    assay::parallel_for(block.size(), 1, [&](std::size_t b0, std::size_t b1) {
      for (std::size_t b = b0; b < b1; ++b) {
        std::mt19937_64 rng(assay::derive_seed(seed, i * 100003 + b));
        const std::int64_t size = std::min<std::int64_t>(kBlock, paths - b * kBlock);
        block[b] = mt::type_code_error(kernel, proposal, initial, rate, lengths[i], size, rng);
      }
    });
    double mean = 0, second = 0;
    for (std::size_t b = 0; b < block.size(); ++b) {
      const double size = std::min<std::int64_t>(kBlock, paths - b * kBlock);
      const double var = block[b].standard_error * block[b].standard_error * size;
      mean += block[b].probability * size;
      second += (var + block[b].probability * block[b].probability) * size;
    }
    mean /= paths;
    second /= paths;
    out[i] = {mean, std::sqrt(std::max(0.0, second - mean * mean) / paths)};
  }
  return out;
}

assay::MethodInfo markov_coding_exponent_info() {
  return assay::method("markov_coding_exponent",
                       "Error exponent e(R) of type-based fixed-rate coding of a Markov source, "
                       "and importance-sampled error probabilities of that code")
      .cite(kPaper)
      .param<Eigen::MatrixXd>("kernel", two_state_kernel(),
                              "source kernel K (square, rows sum to 1, irreducible)")
      .param<double>("rate", 0.55, "code rate R in nats per symbol", assay::range(0, 10))
      .param<std::vector<double>>("lengths", {100, 200, 400, 800},
                                  "block lengths n for the simulated error probability")
      .param<int>("paths", 20000, "importance-sampling paths per length", assay::range(0, 1e8))
      .param<int>("curve_points", 40, "points of the e(R) curve on [0, topological entropy)",
                  assay::range(2, 10000))
      .output<double>("exponent", "e(R) = min D(Q||K|q) over shift-invariant Q with H(Q) >= R")
      .output<double>("entropy_rate", "H(K)")
      .output<double>("topological_entropy", "log rho(1[K>0]); e is infinite above it")
      .output<double>("multiplier", "optimal dual variable s*")
      .output<Eigen::MatrixXd>("twisted_kernel", "the source behaviour that causes errors")
      .output<double>("fitted_exponent",
                      "slope e of log P_err(n) = a - e n - c log n fitted to the estimates")
      .output<double>("fitted_exponent_se", "its standard error")
      .output<assay::Table>("errors",
                            "per n: error_probability, standard_error, "
                            "normalised_exponent = -(1/n) log P_err")
      .output<assay::Table>("curve", "rate, exponent")
      .check("zero_up_to_entropy_rate",
             "e(R) = 0 for every R up to the entropy rate H(K) (K = [[0.9,0.1],[0.2,0.8]]).",
             [](const assay::CheckContext&) {
               const Eigen::MatrixXd k = two_state_kernel();
               const double h = mt::entropy_rate(k);
               double worst = 0;
               for (int i = 0; i <= 50; ++i)
                 worst = std::max(worst, mt::coding_exponent(k, h * i / 50).exponent);
               return assay::expect_at_most(worst, 1e-12, "max e(R) on [0, H]");
             })
      .check("positive_increasing_convex_above",
             "Above H(K), e(R) is positive, strictly increasing and convex (smallest first and "
             "second differences on a grid of 60 rates up to the topological entropy).",
             [](const assay::CheckContext&) {
               const Eigen::MatrixXd k = two_state_kernel();
               const double h = mt::entropy_rate(k), top = mt::topological_entropy(k);
               std::vector<double> e;
               for (int i = 1; i <= 60; ++i)
                 e.push_back(mt::coding_exponent(k, h + (top - h) * i / 61.0).exponent);
               double min_diff = std::numeric_limits<double>::infinity(), min_second = min_diff;
               for (std::size_t i = 1; i < e.size(); ++i)
                 min_diff = std::min(min_diff, e[i] - e[i - 1]);
               for (std::size_t i = 2; i < e.size(); ++i)
                 min_second = std::min(min_second, e[i] - 2 * e[i - 1] + e[i - 2]);
               // Second differences are computed from values accurate to ~1e-12.
               const bool ok = e.front() > 0 && min_diff > 0 && min_second > -1e-10;
               return assay::expect_at_least(ok ? std::min(min_diff, min_second + 1e-10) : -1, 0.0,
                                             "min(first difference, second difference); e(R1) = " +
                                                 assay::to_text(e.front()));
             })
      .check("simulated_errors_decay_at_exponent",
             "Importance-sampled error probabilities of the type code at R = 0.55 decay in n "
             "with slope e(R): the slope fitted over n = 100..800 (with a log n prefactor "
             "term) is within 3 standard errors of e(R).",
             [](const assay::CheckContext& ctx) {
               const Eigen::MatrixXd k = two_state_kernel();
               const auto e = mt::coding_exponent(k, 0.55);
               const std::vector<int> lengths{100, 200, 400, 800};
               const auto fit = mt::fit_exponential_decay(
                   lengths, coding_errors(k, e, 0.55, lengths, 10000, check_seed(ctx, 4)));
               return assay::expect_near(fit.slope, e.exponent, 3 * fit.slope_se,
                                         "fitted slope vs e(R)");
             });
}

void markov_coding_exponent(assay::Context& ctx) {
  const auto kernel = ctx.param<Eigen::MatrixXd>("kernel");
  mt::require_stochastic(kernel, "kernel");
  const double rate = ctx.param<double>("rate");
  const auto e = mt::coding_exponent(kernel, rate);
  const double h = mt::entropy_rate(kernel), top = mt::topological_entropy(kernel);
  ctx.output("exponent", e.exponent);
  ctx.output("entropy_rate", h);
  ctx.output("topological_entropy", top);
  ctx.output("multiplier", e.multiplier);
  ctx.output("twisted_kernel", e.twisted_kernel.size() ? e.twisted_kernel : kernel);
  const auto lengths = as_lengths(ctx.param<std::vector<double>>("lengths"), "lengths");
  const int paths = ctx.param<int>("paths");
  std::vector<mt::ErrorEstimate> errors;
  if (std::isfinite(e.exponent) && paths > 0)
    errors = coding_errors(kernel, e, rate, lengths, paths, ctx.seed());
  ctx.throw_if_cancelled();
  std::vector<std::int64_t> ns(lengths.begin(), lengths.end());
  std::vector<double> p, se, normalised;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const bool have = i < errors.size();
    p.push_back(have ? errors[i].probability : kNaN);
    se.push_back(have ? errors[i].standard_error : kNaN);
    normalised.push_back(have && p.back() > 0 ? -std::log(p.back()) / lengths[i] : kNaN);
  }
  double slope = kNaN, slope_se = kNaN;
  const bool fittable =
      errors.size() >= 4 &&
      std::all_of(errors.begin(), errors.end(), [](auto& x) { return x.probability > 0; });
  if (fittable) {
    const auto fit = mt::fit_exponential_decay(lengths, errors);
    slope = fit.slope;
    slope_se = fit.slope_se;
  }
  ctx.output("fitted_exponent", slope);
  ctx.output("fitted_exponent_se", slope_se);
  assay::Table table;
  table.add("n", ns)
      .add("error_probability", p)
      .add("standard_error", se)
      .add("normalised_exponent", normalised);
  ctx.output("errors", std::move(table));
  const int points = ctx.param<int>("curve_points");
  std::vector<double> rates, exponents;
  for (int i = 0; i < points; ++i) {
    rates.push_back(top * i / points);
    exponents.push_back(mt::coding_exponent(kernel, rates.back()).exponent);
  }
  assay::Table curve;
  curve.add("rate", rates).add("exponent", exponents);
  ctx.output("curve", std::move(curve));
}

}  // namespace

ASSAY_PLUGIN("mdp_types", "0.1.0", assay::export_method(markov_pair_ldp_info(), markov_pair_ldp),
             assay::export_method(type_class_sizes_info(), type_class_sizes),
             assay::export_method(kl_pessimism_info(), kl_pessimism),
             assay::export_method(markov_coding_exponent_info(), markov_coding_exponent))
