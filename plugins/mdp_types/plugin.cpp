// The mdp_types plugin: SDK glue for the method of types on finite Markov chains and MDPs.
// The science (and the measurements behind the checks, paper_claims.hpp) lives in the other
// files of this folder; this file declares the methods, reads their params, calls the science
// and writes outputs.
#include <algorithm>
#include <assay/sdk.hpp>
#include <cmath>
#include <limits>
#include <sstream>

#include "coding_report.hpp"
#include "experiments.hpp"
#include "finite_mdp.hpp"
#include "markov_chain.hpp"
#include "paper_claims.hpp"
#include "tail_gap_table.hpp"
#include "value_rate_report.hpp"

namespace {

namespace mt = assay::mdp_types;

constexpr const char* kPaper =
    "Method of types for stationary Markov decision processes: type bounds, large deviations, "
    "KL uncertainty sets and coding exponents (seed paper 11)";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Runs an experiment's blocks on the host's task arena, stopping when the run is cancelled.
mt::BlockRunner parallel_blocks(const assay::Context* ctx = nullptr) {
  return [ctx](std::size_t blocks, const std::function<void(std::size_t, std::size_t)>& body) {
    assay::parallel_for(blocks, 1, [&](std::size_t begin, std::size_t end) {
      if (ctx) ctx->throw_if_cancelled();
      body(begin, end);
    });
  };
}

assay::CheckResult near(const mt::Measurement& m, std::string detail) {
  return assay::expect_near(m.measured, m.expected, m.tolerance, std::move(detail));
}

assay::CheckResult at_least_within(const mt::Measurement& m, std::string detail) {
  return assay::expect_at_least(m.measured, m.expected - m.tolerance, std::move(detail));
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

void require_stochastic(const Eigen::MatrixXd& kernel) {
  try {
    mt::require_stochastic(kernel, "kernel");
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string("kernel: ") + e.what() + "; give rows that are laws");
  }
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

// MDP params shared by kl_pessimism and mdp_value_rate.
assay::MethodInfo with_mdp_params(assay::MethodInfo info) {
  const mt::FiniteMdp mdp = mt::example_mdp();
  return info
      .param<Eigen::MatrixXd>("transitions", mdp.transitions,
                              "P(s'|s,a): |S||A| x |S|, row s*|A|+a")
      .param<Eigen::VectorXd>("rewards", mdp.rewards, "r(s,a): |S||A| entries, index s*|A|+a")
      .param<Eigen::MatrixXd>("policy", mdp.policy, "pi(a|s): |S| x |A|")
      .param<double>("discount", mdp.discount, "discount gamma", assay::range(0, 0.999))
      .param<std::vector<double>>("initial", {},
                                  "initial state law d for the reported values d . V; "
                                  "[] = uniform");
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

Eigen::VectorXd read_initial(const assay::Context& ctx, int states) {
  const auto initial = ctx.param<std::vector<double>>("initial");
  if (initial.empty()) return Eigen::VectorXd::Constant(states, 1.0 / states);
  if (static_cast<int>(initial.size()) != states ||
      std::any_of(initial.begin(), initial.end(), [](double p) { return p < 0; }))
    throw assay::Error("initial: needs |S| nonnegative entries, or [] for uniform");
  return Eigen::Map<const Eigen::VectorXd>(initial.data(), states);
}

// The columns n, exact_log_probability, exact_rate, gap, gap_n_over_log_n.
assay::Table finite_n_table(const mt::TailGapTable& t) {
  assay::Table table;
  table.add("n", std::vector<std::int64_t>(t.lengths.begin(), t.lengths.end()))
      .add("exact_log_probability", t.exact_log_probability)
      .add("exact_rate", t.exact_rate)
      .add("gap", t.gap)
      .add("gap_n_over_log_n", t.gap_n_over_log_n);
  return table;
}

// The columns offset, value, rate, gaussian_rate.
assay::Table curve_table(const mt::RateCurve& c) {
  assay::Table table;
  table.add("offset", c.offsets)
      .add("value", c.values)
      .add("rate", c.rates)
      .add("gaussian_rate", c.gaussian_rates);
  return table;
}

// ---------------------------------------------------------------- markov_pair_ldp

assay::MethodInfo markov_pair_ldp_info() {
  return assay::method("markov_pair_ldp",
                       "Rate J of an event on an empirical conditional of a Markov chain, the "
                       "tilted kernel attaining it, and -(1/n) log P(event) computed exactly")
      .cite(kPaper)
      .param<Eigen::MatrixXd>("kernel", mt::two_state_kernel(),
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
             [](const assay::CheckContext&) {
               return assay::expect_at_least(mt::min_exact_gap_above_rate(), 0.0,
                                             "min over n of exact rate - J");
             })
      .check("gap_shrinks_like_log_n_over_n",
             "The gap -(1/n) log P - J behaves as c log(n)/n with c = 1/2 (a n^{-1/2} "
             "prefactor): c extrapolated (Richardson) from n = 200, 400, 800, tolerance the "
             "size of the last correction.",
             [](const assay::CheckContext&) {
               return near(mt::log_n_coefficient_of_gap(), "c from doublings 200->400->800");
             })
      .check("primal_equals_dual",
             "The tilted kernel's stationary pair measure Q* attains the rate: "
             "D(Q*||K|q*) = J and Q* lies on the event boundary P*(1|0) = 0.3.",
             [](const assay::CheckContext&) {
               return near(mt::primal_value_against_rate(), "D(Q*||K|q*) vs J");
             })
      .check("exact_matches_monte_carlo",
             "The exact dynamic programme agrees with plain Monte Carlo at n = 50 within four "
             "binomial standard errors.",
             [](const assay::CheckContext& ctx) {
               return near(mt::monte_carlo_against_exact(ctx.seed, parallel_blocks()),
                           "MC vs exact P at n = 50");
             });
}

void markov_pair_ldp(assay::Context& ctx) {
  const auto kernel = ctx.param<Eigen::MatrixXd>("kernel");
  require_stochastic(kernel);
  const mt::ConditionalEvent event{
      ctx.param<int>("row"), ctx.param<int>("col"), ctx.param<double>("threshold"),
      ctx.param<std::string>("tail") == "at_least" ? mt::Tail::at_least : mt::Tail::at_most};
  if (event.row >= kernel.rows() || event.col >= kernel.rows())
    throw assay::Error("row/col: outside the kernel's " + std::to_string(kernel.rows()) +
                       " states");
  const auto lengths = as_lengths(ctx.param<std::vector<double>>("lengths"), "lengths");
  const auto initial = initial_or_stationary(ctx.param<std::vector<double>>("initial"), kernel);
  const auto r = mt::pair_ldp_experiment(
      kernel, initial, event, lengths, ctx.param<int>("mc_paths"), ctx.param<int>("mc_max_length"),
      ctx.seed(), parallel_blocks(&ctx), [&](double f) {
        ctx.throw_if_cancelled();
        ctx.progress(0.9 * f);
      });
  ctx.output("rate", r.rate.rate);
  ctx.output("tilt", r.rate.tilt);
  ctx.output("tilted_kernel", r.rate.tilted_kernel);
  ctx.output("optimal_pair", r.rate.pair);
  ctx.output("primal_value", r.primal_value);
  ctx.output("exact_rate_at_max_n", r.finite_n.exact_rate_at_max_n());
  ctx.output("gap_at_max_n", r.finite_n.gap_at_max_n());
  ctx.output("min_gap", r.min_gap());
  ctx.output("finite_n", finite_n_table(r.finite_n)
                             .add("mc_probability", r.mc_probability)
                             .add("mc_standard_error", r.mc_standard_error)
                             .add("mc_rate", r.mc_rate));
  ctx.progress(1.0);
}

// ---------------------------------------------------------------- type_class_sizes

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
               // Counts are below 2^20, so exp(log size) is within 1e-6 of an integer.
               return assay::expect_at_most(mt::max_whittle_enumeration_error(), 1e-6,
                                            "max |Whittle - enumeration|");
             })
      .check("class_sizes_within_type_bounds",
             "Every non-empty pair-type class satisfies (n+1)^(-|Z|^2) e^{nH} <= |T| <= e^{nH} "
             "(all types, |Z| = 2 up to n = 60, |Z| = 3 up to n = 12).",
             [](const assay::CheckContext&) {
               return assay::expect_at_most(static_cast<double>(mt::types_outside_bounds()), 0.0,
                                            "types outside the bounds");
             })
      .check("type_count_polynomial",
             "The number of pair types of length n is at most (n+1)^{|Z|^2} (|Z| = 3, n = 12).",
             [](const assay::CheckContext&) {
               const auto m = mt::log_type_count();
               return assay::expect_at_most(m.measured, m.expected, "log type count");
             });
}

void type_class_sizes(assay::Context& ctx) {
  const int states = ctx.param<int>("states"), n = ctx.param<int>("length");
  const int start = ctx.param<int>("start");
  if (start >= states) throw assay::Error("start: must be below states");
  if (mt::type_walk_cost(states, n) > 5e7)
    throw assay::Error("length: the type walk for " + std::to_string(states) + " states and n = " +
                       std::to_string(n) + " is too large; lower length or states");
  const auto s =
      mt::type_class_summary(states, n, start, ctx.param<double>("max_enumerated_paths"));
  ctx.output("type_count", static_cast<std::int64_t>(s.rows.size()));
  ctx.output("log_type_count_bound", s.log_type_count_bound);
  ctx.output("outside_bounds", s.outside_bounds);
  ctx.output("min_upper_slack", s.min_upper_slack);
  ctx.output("min_lower_slack", s.min_lower_slack);
  ctx.output("max_enumeration_error", s.max_enumeration_error);
  ctx.output("log_total_size", s.log_total_size);
  std::vector<std::string> text;
  std::vector<std::int64_t> end, enumerated;
  std::vector<double> log_size, n_entropy, log_lower;
  for (const auto& row : s.rows) {
    text.push_back(counts_text(row.counts));
    end.push_back(row.end_state);
    log_size.push_back(row.log_size);
    n_entropy.push_back(row.n_entropy);
    log_lower.push_back(row.log_lower_bound);
    enumerated.push_back(row.enumerated_size);
  }
  assay::Table table;
  table.add("counts", text)
      .add("end_state", end)
      .add("log_size", log_size)
      .add("n_entropy", n_entropy)
      .add("log_lower_bound", log_lower)
      .add("enumerated_size", enumerated);
  ctx.output("types", std::move(table));
}

// ---------------------------------------------------------------- kl_pessimism

assay::MethodInfo kl_pessimism_info() {
  return with_mdp_params(
             assay::method("kl_pessimism",
                           "KL uncertainty sets with finite-sample radii from the method of "
                           "types, pessimistic (robust) policy evaluation through the KL-ball "
                           "dual, and their coverage over repeated data sets"))
      .cite(kPaper)
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
      .check("coverage_at_least_1_minus_alpha",
             "The KL set with the method-of-types radius contains the true kernel with "
             "probability >= 1 - alpha (alpha = 0.1, n = 100 per pair, 200 data sets; "
             "tolerance 3 binomial standard errors).",
             [](const assay::CheckContext& ctx) {
               return at_least_within(mt::kl_set_coverage(ctx.seed, parallel_blocks()), "coverage");
             })
      .check("pessimistic_below_truth",
             "The pessimistic value is below the true value (at every state) at least "
             "1 - alpha of the time, here from one stationary trajectory of 400 transitions "
             "(alpha = 0.1, 200 data sets, 3 binomial standard errors).",
             [](const assay::CheckContext& ctx) {
               return at_least_within(mt::pessimism_below_truth(ctx.seed, parallel_blocks()),
                                      "fraction V_pess <= V");
             })
      .check("dual_equals_brute_force",
             "The one-dimensional dual of min {p.v : D(f||p) <= eps} equals a brute-force "
             "search over the boundary of the KL ball (100 random 3-outcome instances).",
             [](const assay::CheckContext& ctx) {
               // Both sides locate a flat optimum to ~1e-8 of the value scale (|v| <= 5).
               return assay::expect_at_most(mt::max_dual_brute_force_gap(ctx.seed), 1e-6,
                                            "max |dual - brute force|");
             });
}

void kl_pessimism(assay::Context& ctx) {
  const auto mdp = read_mdp(ctx);
  const Eigen::VectorXd initial = read_initial(ctx, mdp.states());
  const mt::KlDesign design{ctx.param<std::string>("sampling") == "generative"
                                ? mt::Sampling::generative
                                : mt::Sampling::trajectory,
                            ctx.param<int>("n"), ctx.param<double>("alpha")};
  const auto s = mt::pessimism_experiment(mdp, initial, design, ctx.param<int>("replicates"),
                                          ctx.seed(), parallel_blocks(&ctx));
  ctx.output("true_value", s.true_value);
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

// ---------------------------------------------------------------- mdp_value_rate

assay::MethodInfo mdp_value_rate_info() {
  return with_mdp_params(
             assay::method("mdp_value_rate",
                           "Rate function of the plug-in value d . V^pi(P^) from n next states "
                           "per state-action pair, by contraction of Sanov's theorem; exact "
                           "finite-n tails (2 states) and the delta-method variance; with "
                           "data = trajectory also the rate from one trajectory by contraction "
                           "of the pair-measure LDP"))
      .cite(kPaper)
      .param<double>("offset", 1.0,
                     "x - d . V^pi(P): the value x whose rate, minimiser and exact tail are "
                     "reported (upper tail if > 0, lower tail if < 0)")
      .param<std::vector<double>>("curve_offsets", {-2, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 2},
                                  "offsets x - d . V at which the rate curve is tabulated")
      .param<std::vector<double>>("lengths", {50, 100, 200, 400, 800},
                                  "samples per pair n for the exact tail (|S| = 2 only)")
      .param<int>("mc_n", 400, "samples per pair for the Monte Carlo spread", assay::range(1, 1e6))
      .param<int>("mc_replicates", 2000, "data sets for the Monte Carlo spread (0: none)",
                  assay::range(0, 1e7))
      .choice("data", "generative", {"generative", "trajectory"},
              "generative: only the outputs for n next states per pair; trajectory: also the "
              "trajectory_* outputs for one stationary trajectory of n transitions")
      .param<std::vector<double>>("trajectory_lengths", {100, 200, 400, 800, 1600},
                                  "trajectory lengths n for the exact tail (2 states and a "
                                  "deterministic policy only)")
      .param<int>("trajectory_random_starts", 4,
                  "random starts of the trajectory rate search, besides the true chain and the "
                  "generative minimiser",
                  assay::range(0, 1000))
      .param<int>("trajectory_mc_n", 1000, "trajectory length for the Monte Carlo spread",
                  assay::range(2, 1e7))
      .param<int>("trajectory_mc_replicates", 2000,
                  "trajectories for the Monte Carlo spread (0: none)", assay::range(0, 1e7))
      .output<double>("true_value", "d . V^pi(P)")
      .output<double>("target_value", "x = true_value + offset")
      .output<double>("rate", "I(x) = inf { sum_z D(P'_z||P_z) : d . V^pi(P') = x }")
      .output<double>("gaussian_rate", "offset^2 / (2 sigma^2): the quadratic approximation")
      .output<double>("delta_method_sd", "sigma: sqrt(n) times the asymptotic sd of d . V^pi(P^)")
      .output<Eigen::MatrixXd>("tilted_transitions",
                               "P*: the most likely empirical kernel with value x (rows "
                               "exponentially tilted by lambda_s pi(a|s) W*)")
      .output<Eigen::VectorXd>("tilted_values", "W* = V^pi(P*)")
      .output<Eigen::VectorXd>("multipliers", "lambda_s per state")
      .output<double>("minimiser_value", "d . V^pi(P*), equal to x when the dual is solved")
      .output<double>("minimiser_divergence", "sum_z D(P*_z||P_z), equal to the rate")
      .output<double>("exact_rate_at_max_n",
                      "-(1/n) log P(tail event) at the largest n (NaN if not 2 states)")
      .output<double>("gap_at_max_n", "exact_rate_at_max_n - rate")
      .output<double>("mc_sd", "sqrt(mc_n) times the sd of d . V^pi(P^) over the data sets")
      .output<double>("mc_sd_se", "its standard error")
      .output<assay::Table>("curve", "offset, value, rate, gaussian_rate")
      .output<assay::Table>("finite_n",
                            "per n: exact_log_probability, exact_rate, gap, "
                            "gap_n_over_log_n, lattice_rate (min divergence over the "
                            "empirical kernels in the event)")
      .output<double>("trajectory_rate",
                      "I(x) = inf { D(Q||K|q) : Q shift-invariant, d . V^pi(P_Q) = x } for one "
                      "trajectory (local minimum of a multi-start search; NaN unless "
                      "data = trajectory)")
      .output<double>("trajectory_gaussian_rate", "offset^2 / (2 sigma_traj^2)")
      .output<double>("trajectory_delta_method_sd",
                      "sigma_traj: sqrt(n) times the asymptotic sd of d . V^pi(P^) from a "
                      "trajectory of n transitions")
      .output<Eigen::MatrixXd>("trajectory_tilted_transitions",
                               "P*: the learned kernel of the most likely trajectory type")
      .output<Eigen::MatrixXd>("trajectory_tilted_policy",
                               "rho*: the action frequencies of that type (pi is known to the "
                               "estimator; rho* only reweights visits)")
      .output<Eigen::VectorXd>("trajectory_visits", "q*(s,a): its pair visit law")
      .output<double>("trajectory_multiplier", "lambda: dI/dx at the minimiser")
      .output<double>("trajectory_minimiser_value", "d . V^pi(P*), equal to x when feasible")
      .output<double>("trajectory_minimiser_divergence",
                      "D(Q*||K|q*) recomputed on the pair measure, equal to the rate")
      .output<double>("trajectory_kkt_residual",
                      "infinity norm of the Lagrangian's gradient in the logits at P*")
      .output<std::int64_t>("trajectory_starts", "starts of the search (0: not run)")
      .output<std::int64_t>("trajectory_starts_agreeing",
                            "feasible starts that reached the reported minimum")
      .output<double>("trajectory_start_spread",
                      "largest feasible local minimum minus the reported one")
      .output<double>("trajectory_exact_rate_at_max_n",
                      "-(1/n) log P(tail event) from one trajectory at the largest n (NaN "
                      "unless 2 states and a deterministic policy)")
      .output<double>("trajectory_gap_at_max_n", "trajectory_exact_rate_at_max_n - trajectory_rate")
      .output<double>("trajectory_mc_sd",
                      "sqrt(n) times the sd of d . V^pi(P^) over simulated trajectories")
      .output<double>("trajectory_mc_sd_se", "its standard error")
      .output<std::int64_t>("trajectory_mc_discarded",
                            "simulated trajectories without a plug-in value (a pair unvisited)")
      .output<assay::Table>("trajectory_curve",
                            "offset, value, rate, gaussian_rate, generative_rate")
      .output<assay::Table>("trajectory_finite_n",
                            "per n: exact_log_probability, exact_rate, gap, gap_n_over_log_n")
      .check("tail_above_rate",
             "For the 2-state, 2-action example MDP (gamma = 0.9, uniform d), the exact "
             "-(1/n) log P(d.V(P^) >= v + 1) lies above the contraction rate I(v + 1) for every "
             "n in 50..800.",
             [](const assay::CheckContext&) {
               return assay::expect_at_least(mt::min_value_tail_gap_above_rate(), 0.0,
                                             "min over n of exact rate - I");
             })
      .check("tail_gap_shrinks_like_log_n_over_n",
             "The gap -(1/n) log P - I behaves as c log(n)/n with c = 1/2 (Richardson from "
             "n = 200, 400, 800; tolerance the size of the last correction).",
             [](const assay::CheckContext&) {
               return near(mt::value_tail_log_n_coefficient(), "c from doublings 200->400->800");
             })
      .check("rate_equals_lattice_minimum",
             "I(v + 1) equals the brute-force minimum of sum_z D(P^_z||P_z) over the empirical "
             "kernels (n = 800) in the event, from below, within the cost of rounding the "
             "minimiser onto the lattice.",
             [](const assay::CheckContext&) {
               return near(mt::value_rate_against_lattice_minimum(), "lattice minimum - I");
             })
      .check("minimiser_has_the_value",
             "The dual's tilted kernel P* is primal feasible: d.V^pi(P*) = x at x = v - 1, "
             "v + 1, v + 2 (to the inner Brent tolerance, 1e-6 on values near 10).",
             [](const assay::CheckContext&) {
               return assay::expect_at_most(mt::value_rate_minimiser_residual(), 1e-6,
                                            "max |d.V(P*) - x|");
             })
      .check("curvature_is_delta_method",
             "Near the true value the rate is quadratic with the delta-method variance: "
             "2 sigma^2 I(v +- delta) / delta^2 -> 1 (delta = 0.02 sigma; tolerance the change "
             "when delta doubles).",
             [](const assay::CheckContext&) {
               return near(mt::value_rate_curvature(), "2 sigma^2 I / delta^2");
             })
      .check("variance_is_delta_method",
             "n Var(d.V(P^)) over 4000 data sets of n = 400 per pair equals the delta-method "
             "sigma^2 within 3 standard errors.",
             [](const assay::CheckContext& ctx) {
               return near(mt::plug_in_variance_against_delta_method(ctx.seed, parallel_blocks()),
                           "n Var vs sigma^2");
             })
      .check("trajectory_curvature_is_delta_method",
             "From one trajectory, the rate is quadratic at the true value with the Markov "
             "delta-method variance sigma^2 = gamma^2 sum w(s)^2 pi(a|s)^2 Var_P(V) / q(s,a): "
             "sigma^2 [I(v + delta) + I(v - delta)] / delta^2 -> 1 (delta = 0.02 sigma; "
             "tolerance the change when delta doubles).",
             [](const assay::CheckContext&) {
               return near(mt::trajectory_rate_curvature(), "sigma^2 (I+ + I-) / delta^2");
             })
      .check("trajectory_variance_is_delta_method",
             "n Var(d.V(P^)) over 4000 stationary trajectories of n = 1000 transitions equals "
             "the trajectory delta-method sigma^2 within 3 standard errors.",
             [](const assay::CheckContext& ctx) {
               return near(
                   mt::trajectory_variance_against_delta_method(ctx.seed, parallel_blocks()),
                   "n Var vs sigma^2");
             })
      .check("trajectory_minimiser_is_feasible",
             "The trajectory minimiser is a stationary pair measure on the constraint: "
             "relative |d.V(P*) - x|, max |Q*1 - Q*'1| and |D(Q*||K|q*) - I| are at most the "
             "optimiser's feasibility tolerance 1e-8 (x = v - 2, v + 1, v + 2).",
             [](const assay::CheckContext&) {
               return assay::expect_at_most(mt::trajectory_minimiser_infeasibility(), 1e-8,
                                            "largest infeasibility");
             })
      .check("trajectory_minimiser_is_local_minimum",
             "No random feasible perturbation of the trajectory minimiser (300 draws, logit "
             "scales 1e-3..1e-1, x = v + 1) lowers D(Q||K|q) by more than the first-order "
             "change its KKT and constraint residuals allow.",
             [](const assay::CheckContext& ctx) {
               return at_least_within(mt::trajectory_perturbation_increase(ctx.seed),
                                      "min increase of D over perturbations");
             })
      .check("trajectory_tail_above_rate",
             "For the example MDP under the deterministic policy a = 0 (a two-state chain), "
             "the exact -(1/n) log P(d.V(P^) >= v + 1) and -(1/n) log P(d.V(P^) <= v - 1) from "
             "one trajectory lie above I for every n in 100..3200.",
             [](const assay::CheckContext&) {
               return assay::expect_at_least(mt::min_trajectory_tail_gap_above_rate(), 0.0,
                                             "min over n and both tails of rate_n - I");
             })
      .check("trajectory_tail_gap_shrinks_like_log_n_over_n",
             "The exact trajectory gap behaves as c log(n)/n with c = 1/2: least-squares fit of "
             "n gap = c log n + b + e/n over 21 lengths 100..3200 (x = v + 1 and v - 1, the one "
             "farther from 1/2 in standard errors), within 3 standard errors.",
             [](const assay::CheckContext&) {
               return near(mt::trajectory_tail_log_n_coefficient(), "fitted c");
             })
      .check("trajectory_rate_at_most_generative",
             "The rate from one trajectory of n transitions is at most the rate from n samples "
             "per pair (any kernel P' is reachable by a trajectory at cost "
             "sum_z q'(z) D(P'_z||P_z) <= sum_z D(P'_z||P_z)); offsets -2..2 of the example MDP.",
             [](const assay::CheckContext&) {
               return assay::expect_at_most(mt::trajectory_rate_above_generative(), 0.0,
                                            "max I_traj - I_gen");
             });
}

// The trajectory_* outputs of mdp_value_rate when data = generative: NaN or empty.
void write_absent_trajectory_outputs(assay::Context& ctx) {
  for (const char* key :
       {"trajectory_rate", "trajectory_gaussian_rate", "trajectory_delta_method_sd",
        "trajectory_multiplier", "trajectory_minimiser_value", "trajectory_minimiser_divergence",
        "trajectory_kkt_residual", "trajectory_start_spread", "trajectory_exact_rate_at_max_n",
        "trajectory_gap_at_max_n", "trajectory_mc_sd", "trajectory_mc_sd_se"})
    ctx.output(key, kNaN);
  for (const char* key :
       {"trajectory_starts", "trajectory_starts_agreeing", "trajectory_mc_discarded"})
    ctx.output(key, std::int64_t{0});
  ctx.output("trajectory_tilted_transitions", Eigen::MatrixXd());
  ctx.output("trajectory_tilted_policy", Eigen::MatrixXd());
  ctx.output("trajectory_visits", Eigen::VectorXd());
  ctx.output("trajectory_curve", assay::Table{});
  ctx.output("trajectory_finite_n", assay::Table{});
}

mt::ValueRateDesign read_value_rate_design(const assay::Context& ctx, const std::string& prefix,
                                           const char* lengths_key) {
  return {ctx.param<double>("offset"),
          ctx.param<std::vector<double>>("curve_offsets"),
          as_lengths(ctx.param<std::vector<double>>(lengths_key), lengths_key),
          ctx.param<int>(prefix + "mc_n"),
          ctx.param<int>(prefix + "mc_replicates"),
          ctx.seed()};
}

// `generative_curve` is the generative report's curve at the same offsets, which gives the
// trajectory curve its generative_rate column.
void write_trajectory_outputs(assay::Context& ctx, const mt::FiniteMdp& mdp,
                              const Eigen::VectorXd& d, const mt::RateCurve& generative_curve) {
  const mt::TrajectoryRateOptions options{ctx.param<int>("trajectory_random_starts"), ctx.seed(),
                                          1.0};
  mt::TrajectoryValueReport t;
  try {
    t = mt::trajectory_value_report(
        mdp, d, read_value_rate_design(ctx, "trajectory_", "trajectory_lengths"), options,
        {parallel_blocks(&ctx), [&] { ctx.throw_if_cancelled(); }});
  } catch (const mt::RateInputError& e) {
    throw assay::Error(std::string("transitions/policy: ") + e.what() +
                       "; the trajectory rate needs every state recurrent under the policy");
  }
  ctx.output("trajectory_rate", t.rate.rate);
  ctx.output("trajectory_gaussian_rate", t.gaussian_rate);
  ctx.output("trajectory_delta_method_sd", t.sigma);
  ctx.output("trajectory_tilted_transitions", t.rate.chain.transitions);
  ctx.output("trajectory_tilted_policy", t.rate.chain.policy);
  ctx.output("trajectory_visits", t.rate.chain.visits);
  ctx.output("trajectory_multiplier", t.multiplier);
  ctx.output("trajectory_minimiser_value", t.minimiser_value);
  ctx.output("trajectory_minimiser_divergence", t.minimiser_divergence);
  ctx.output("trajectory_kkt_residual", t.kkt_residual);
  ctx.output("trajectory_starts", static_cast<std::int64_t>(t.rate.starts));
  ctx.output("trajectory_starts_agreeing", static_cast<std::int64_t>(t.rate.starts_agreeing));
  ctx.output("trajectory_start_spread", t.start_spread);
  ctx.output("trajectory_curve",
             curve_table(t.curve).add("generative_rate", generative_curve.rates));
  ctx.output("trajectory_exact_rate_at_max_n", t.finite_n.exact_rate_at_max_n());
  ctx.output("trajectory_gap_at_max_n", t.finite_n.gap_at_max_n());
  ctx.output("trajectory_finite_n", finite_n_table(t.finite_n));
  ctx.output("trajectory_mc_sd", t.spread.sd);
  ctx.output("trajectory_mc_sd_se", t.spread.sd_se);
  ctx.output("trajectory_mc_discarded", t.spread.discarded);
}

void mdp_value_rate(assay::Context& ctx) {
  const auto mdp = read_mdp(ctx);
  if (!(mdp.discount > 0))
    throw assay::Error("discount: the value rate needs gamma > 0; set discount in (0, 0.999]");
  Eigen::VectorXd d = read_initial(ctx, mdp.states());
  if (!(d.sum() > 0)) throw assay::Error("initial: needs a positive entry");
  d /= d.sum();
  mt::GenerativeValueReport g;
  try {
    g = mt::generative_value_report(mdp, d, read_value_rate_design(ctx, "", "lengths"),
                                    {parallel_blocks(&ctx), [&] { ctx.throw_if_cancelled(); },
                                     [&](double f) { ctx.progress(f); }});
  } catch (const mt::RateInputError& e) {
    throw assay::Error(std::string("transitions/rewards/policy/initial: ") + e.what());
  }
  ctx.output("true_value", g.true_value);
  ctx.output("target_value", g.target_value);
  ctx.output("rate", g.rate.rate);
  ctx.output("gaussian_rate", g.gaussian_rate);
  ctx.output("delta_method_sd", g.sigma);
  ctx.output("tilted_transitions", g.rate.transitions);
  ctx.output("tilted_values", g.rate.values);
  ctx.output("multipliers", g.rate.multipliers);
  ctx.output("minimiser_value", g.minimiser_value);
  ctx.output("minimiser_divergence", g.minimiser_divergence);
  ctx.output("curve", curve_table(g.curve));
  ctx.output("exact_rate_at_max_n", g.finite_n.exact_rate_at_max_n());
  ctx.output("gap_at_max_n", g.finite_n.gap_at_max_n());
  ctx.output("finite_n", finite_n_table(g.finite_n).add("lattice_rate", g.lattice_rate));
  ctx.output("mc_sd", g.spread.sd);
  ctx.output("mc_sd_se", g.spread.sd_se);
  if (ctx.param<std::string>("data") == "trajectory")
    write_trajectory_outputs(ctx, mdp, d, g.curve);
  else
    write_absent_trajectory_outputs(ctx);
  ctx.progress(1.0);
}

// ---------------------------------------------------------------- markov_coding_exponent

assay::MethodInfo markov_coding_exponent_info() {
  return assay::method("markov_coding_exponent",
                       "Error exponent e(R) of type-based fixed-rate coding of a Markov source, "
                       "and importance-sampled error probabilities of that code")
      .cite(kPaper)
      .param<Eigen::MatrixXd>("kernel", mt::two_state_kernel(),
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
               return assay::expect_at_most(mt::max_exponent_below_entropy_rate(), 1e-12,
                                            "max e(R) on [0, H]");
             })
      .check("positive_increasing_convex_above",
             "Above H(K), e(R) is positive, strictly increasing and convex (smallest first and "
             "second differences on a grid of 60 rates up to the topological entropy).",
             [](const assay::CheckContext&) {
               const auto shape = mt::exponent_shape_above_entropy_rate();
               return assay::expect_at_least(shape.margin(), 0.0,
                                             "min(first difference, second difference); e(R1) = " +
                                                 assay::to_text(shape.first));
             })
      .check("simulated_errors_decay_at_exponent",
             "Importance-sampled error probabilities of the type code at R = 0.55 decay in n "
             "with slope e(R): the slope fitted over n = 100..800 (with a log n prefactor "
             "term) is within 3 standard errors of e(R).",
             [](const assay::CheckContext& ctx) {
               return near(mt::simulated_error_slope(ctx.seed, parallel_blocks()),
                           "fitted slope vs e(R)");
             });
}

void markov_coding_exponent(assay::Context& ctx) {
  const auto kernel = ctx.param<Eigen::MatrixXd>("kernel");
  require_stochastic(kernel);
  const auto lengths = as_lengths(ctx.param<std::vector<double>>("lengths"), "lengths");
  const auto r =
      mt::coding_report(kernel, ctx.param<double>("rate"), lengths, ctx.param<int>("paths"),
                        ctx.param<int>("curve_points"), ctx.seed(), parallel_blocks(&ctx));
  ctx.output("exponent", r.exponent.exponent);
  ctx.output("entropy_rate", r.entropy_rate);
  ctx.output("topological_entropy", r.topological_entropy);
  ctx.output("multiplier", r.exponent.multiplier);
  ctx.output("twisted_kernel", r.twisted_kernel);
  ctx.output("fitted_exponent", r.fit.slope);
  ctx.output("fitted_exponent_se", r.fit.slope_se);
  assay::Table errors;
  errors.add("n", std::vector<std::int64_t>(lengths.begin(), lengths.end()))
      .add("error_probability", r.error_probability)
      .add("standard_error", r.standard_error)
      .add("normalised_exponent", r.normalised_exponent);
  ctx.output("errors", std::move(errors));
  assay::Table curve;
  curve.add("rate", r.curve_rates).add("exponent", r.curve_exponents);
  ctx.output("curve", std::move(curve));
}

}  // namespace

ASSAY_PLUGIN("mdp_types", "0.2.0", assay::export_method(markov_pair_ldp_info(), markov_pair_ldp),
             assay::export_method(type_class_sizes_info(), type_class_sizes),
             assay::export_method(kl_pessimism_info(), kl_pessimism),
             assay::export_method(mdp_value_rate_info(), mdp_value_rate),
             assay::export_method(markov_coding_exponent_info(), markov_coding_exponent))
