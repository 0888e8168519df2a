// The mdp_types plugin: SDK glue for the method of types on finite Markov chains and MDPs.
// The science (and the claims, claims.hpp) lives in the other files of this folder; this file
// binds each method's params and outputs to plain structs and calls the science.
#include <algorithm>
#include <assay/sdk.hpp>
#include <sstream>

#include "claims.hpp"
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

// Lengths n of exact tails and simulations: positive integers up to 1e6.
const assay::Constraint kLengths = assay::range(1, 1e6);

// Runs an experiment's blocks on the host's task arena, stopping when the run is cancelled.
mt::BlockRunner parallel_blocks(const assay::Context* ctx = nullptr) {
  return [ctx](std::size_t blocks, const std::function<void(std::size_t, std::size_t)>& body) {
    assay::parallel_for(blocks, 1, [&](std::size_t begin, std::size_t end) {
      if (ctx) ctx->throw_if_cancelled();
      body(begin, end);
    });
  };
}

void require_stochastic(const Eigen::MatrixXd& kernel) {
  try {
    mt::require_stochastic(kernel, "kernel");
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string("kernel: ") + e.what() + "; give rows that are laws");
  }
}

Eigen::VectorXd initial_or_stationary(const std::optional<std::vector<double>>& initial,
                                      const Eigen::MatrixXd& kernel) {
  if (!initial) return mt::stationary_distribution(kernel);
  if (static_cast<Eigen::Index>(initial->size()) != kernel.rows())
    throw assay::Error(
        "initial: needs one probability per state of the kernel, or unset for the "
        "stationary law");
  return Eigen::Map<const Eigen::VectorXd>(initial->data(), kernel.rows());
}

// The MDP and the initial law shared by kl_pessimism and mdp_value_rate (members mdp, initial).
template <class Builder>
void mdp_params(Builder& b) {
  b.param(
       [](auto& s) -> auto& { return s.mdp.transitions; }, "transitions",
       "P(s'|s,a): |S||A| x |S|, row s*|A|+a")
      .param(
          [](auto& s) -> auto& { return s.mdp.rewards; }, "rewards",
          "r(s,a): |S||A| entries, index s*|A|+a")
      .param(
          [](auto& s) -> auto& { return s.mdp.policy; }, "policy", "pi(a|s): |S| x |A|")
      .param(
          [](auto& s) -> auto& { return s.mdp.discount; }, "discount", "discount gamma",
          assay::range(0, 0.999))
      .param(
          [](auto& s) -> auto& { return s.initial; }, "initial",
          "initial state law d for the reported values d . V (|S| nonnegative entries); "
          "unset: uniform");
}

void validate(const mt::FiniteMdp& mdp) {
  try {
    mdp.validate();
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string("transitions/rewards/policy: ") + e.what());
  }
}

Eigen::VectorXd initial_or_uniform(const std::optional<std::vector<double>>& initial, int states) {
  if (!initial) return Eigen::VectorXd::Constant(states, 1.0 / states);
  if (static_cast<int>(initial->size()) != states ||
      std::any_of(initial->begin(), initial->end(), [](double p) { return p < 0; }))
    throw assay::Error("initial: needs |S| nonnegative entries, or unset for uniform");
  return Eigen::Map<const Eigen::VectorXd>(initial->data(), states);
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

struct PairLdpSettings {
  Eigen::MatrixXd kernel = mt::two_state_kernel();
  mt::ConditionalEvent event{0, 1, 0.3, mt::Tail::at_least};
  std::vector<int> lengths{50, 100, 200, 400, 800};
  std::optional<std::vector<double>> initial;
  int mc_paths = 20000;
  int mc_max_length = 200;
};

struct PairLdpOutputs {
  mt::PairLdpResult r;
  double exact_rate_at_max_n = 0;
  double gap_at_max_n = 0;
  double min_gap = 0;
  assay::Table finite_n;
};

PairLdpOutputs markov_pair_ldp(const PairLdpSettings& s, assay::Context& ctx) {
  require_stochastic(s.kernel);
  if (s.event.row >= s.kernel.rows() || s.event.col >= s.kernel.rows())
    throw assay::Error("row/col: outside the kernel's " + std::to_string(s.kernel.rows()) +
                       " states");
  PairLdpOutputs out;
  out.r = mt::pair_ldp_experiment(s.kernel, initial_or_stationary(s.initial, s.kernel), s.event,
                                  s.lengths, s.mc_paths, s.mc_max_length, ctx.seed(),
                                  parallel_blocks(&ctx), [&](double f) {
                                    ctx.throw_if_cancelled();
                                    ctx.progress(0.9 * f);
                                  });
  out.exact_rate_at_max_n = out.r.finite_n.exact_rate_at_max_n();
  out.gap_at_max_n = out.r.finite_n.gap_at_max_n();
  out.min_gap = out.r.min_gap();
  out.finite_n = finite_n_table(out.r.finite_n)
                     .add("mc_probability", out.r.mc_probability)
                     .add("mc_standard_error", out.r.mc_standard_error)
                     .add("mc_rate", out.r.mc_rate);
  ctx.progress(1.0);
  return out;
}

assay::MethodExport markov_pair_ldp_method() {
  using S = PairLdpSettings;
  using O = PairLdpOutputs;
  return assay::method<S, O>("markov_pair_ldp",
                             "Rate J of an event on an empirical conditional of a Markov chain, "
                             "the tilted kernel attaining it, and -(1/n) log P(event) computed "
                             "exactly")
      .cite(kPaper)
      .param(&S::kernel, "kernel",
             "transition kernel K (square, rows sum to 1, irreducible); for an MDP pass the "
             "state-action pair kernel P(s'|s,a) pi(a'|s')")
      .param(
          [](S & s) -> auto& { return s.event.row; }, "row", "conditioning state z of the event",
          assay::range(0, 1 << 10))
      .param(
          [](S & s) -> auto& { return s.event.col; }, "col", "next state z' of the event",
          assay::range(0, 1 << 10))
      .param(
          [](S & s) -> auto& { return s.event.threshold; }, "threshold",
          "event threshold on P^(col | row)", assay::range(0, 1))
      .choice(
          [](S & s) -> auto& { return s.event.tail; }, "tail",
          {{"at_least", mt::Tail::at_least}, {"at_most", mt::Tail::at_most}},
          "event P^(col|row) >= threshold (at_least) or <= threshold (at_most)")
      .param(&S::lengths, "lengths",
             "numbers of transitions n at which P(event) is computed exactly", kLengths)
      .param(&S::initial, "initial", "law of Z_0 (one entry per state); unset: stationary law of K")
      .param(&S::mc_paths, "mc_paths", "Monte Carlo paths per length (0: no Monte Carlo)",
             assay::range(0, 1e8))
      .param(&S::mc_max_length, "mc_max_length", "Monte Carlo only for n up to this",
             assay::range(0, 1e6))
      .output(
          [](O & o) -> auto& { return o.r.rate.rate; }, "rate",
          "J = inf D(Q||K|q) over shift-invariant Q in the event")
      .output(
          [](O & o) -> auto& { return o.r.rate.tilt; }, "tilt",
          "optimal Legendre multiplier lambda*")
      .output(
          [](O & o) -> auto& { return o.r.rate.tilted_kernel; }, "tilted_kernel",
          "Doob transform of K exp(lambda* f): the most likely way the event happens")
      .output(
          [](O & o) -> auto& { return o.r.rate.pair; }, "optimal_pair",
          "minimising pair measure Q*")
      .output(
          [](O & o) -> auto& { return o.r.primal_value; }, "primal_value",
          "D(Q*||K|q*), equal to the rate by duality")
      .output(&O::exact_rate_at_max_n, "exact_rate_at_max_n",
              "-(1/n) log P(event) at the largest n")
      .output(&O::gap_at_max_n, "gap_at_max_n", "exact_rate_at_max_n - rate")
      .output(&O::min_gap, "min_gap", "smallest -(1/n) log P(event) - J over the lengths")
      .output(&O::finite_n, "finite_n",
              "per n: exact_log_probability, exact_rate, gap, gap_n_over_log_n, mc_probability, "
              "mc_standard_error, mc_rate")
      .claims(mt::markov_pair_ldp_claims(parallel_blocks()))
      .run(markov_pair_ldp);
}

// ---------------------------------------------------------------- type_class_sizes

struct TypeClassSettings {
  int states = 2;
  int length = 10;
  int start = 0;
  double max_enumerated_paths = 1 << 20;
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

mt::TypeClassSummary type_class_sizes(const TypeClassSettings& s) {
  if (s.start >= s.states) throw assay::Error("start: must be below states");
  if (mt::type_walk_cost(s.states, s.length) > 5e7)
    throw assay::Error("length: the type walk for " + std::to_string(s.states) +
                       " states and n = " + std::to_string(s.length) +
                       " is too large; lower length or states");
  return mt::type_class_summary(s.states, s.length, s.start, s.max_enumerated_paths);
}

assay::MethodExport type_class_sizes_method() {
  using S = TypeClassSettings;
  using O = mt::TypeClassSummary;
  using Row = mt::TypeClassRow;
  return assay::method<S, O>("type_class_sizes",
                             "Exact Markov pair-type class sizes (Whittle / BEST) against the "
                             "type bounds (n+1)^(-|Z|^2) e^{nH} <= |T| <= e^{nH}")
      .cite(kPaper)
      .param(&S::states, "states", "alphabet size |Z|", assay::range(2, 4))
      .param(&S::length, "length", "number of transitions n", assay::range(1, 400))
      .param(&S::start, "start", "initial state z_0", assay::range(0, 3))
      .param(&S::max_enumerated_paths, "max_enumerated_paths",
             "enumerate all |Z|^n paths to check Whittle's formula when |Z|^n is at most this",
             assay::range(1, 1e8))
      .output([](const O& o) { return static_cast<std::int64_t>(o.rows.size()); }, "type_count",
              "pair types with a non-empty class")
      .output(&O::log_type_count_bound, "log_type_count_bound",
              "|Z|^2 log(n+1): the log of the type-count bound")
      .output(&O::outside_bounds, "outside_bounds", "types whose class size violates a bound")
      .output(&O::min_upper_slack, "min_upper_slack",
              "min over types of nH - log|T| (>= 0 by the bound)")
      .output(&O::min_lower_slack, "min_lower_slack",
              "min over types of log|T| - (nH - |Z|^2 log(n+1)) (>= 0 by the bound)")
      .output(&O::max_enumeration_error, "max_enumeration_error",
              "max |Whittle - enumerated count| (NaN when not enumerated)")
      .output(&O::log_total_size, "log_total_size",
              "log of the summed class sizes; equals n log|Z| when every path is counted")
      .output(&O::rows, "types",
              "per type: counts, end_state, log_size, n_entropy, log_lower_bound, "
              "enumerated_size (-1: not enumerated)",
              assay::columns<Row>()
                  .column([](const Row& r) { return counts_text(r.counts); }, "counts")
                  .column(&Row::end_state, "end_state")
                  .column(&Row::log_size, "log_size")
                  .column(&Row::n_entropy, "n_entropy")
                  .column(&Row::log_lower_bound, "log_lower_bound")
                  .column(&Row::enumerated_size, "enumerated_size"))
      .claims(mt::type_class_sizes_claims())
      .run(type_class_sizes);
}

// ---------------------------------------------------------------- kl_pessimism

struct PessimismSettings {
  mt::FiniteMdp mdp = mt::example_mdp();
  std::optional<std::vector<double>> initial;
  mt::KlDesign design{mt::Sampling::generative, 200, 0.1};
  int replicates = 200;
};

mt::PessimismSummary kl_pessimism(const PessimismSettings& s, assay::Context& ctx) {
  validate(s.mdp);
  return mt::pessimism_experiment(s.mdp, initial_or_uniform(s.initial, s.mdp.states()), s.design,
                                  s.replicates, ctx.seed(), parallel_blocks(&ctx));
}

assay::MethodExport kl_pessimism_method() {
  using S = PessimismSettings;
  using O = mt::PessimismSummary;
  using Row = mt::PessimismReplicate;
  return assay::method<S, O>("kl_pessimism",
                             "KL uncertainty sets with finite-sample radii from the method of "
                             "types, pessimistic (robust) policy evaluation through the KL-ball "
                             "dual, and their coverage over repeated data sets")
      .with(mdp_params<assay::MethodBuilder<S, O>>)
      .cite(kPaper)
      .param(
          [](S & s) -> auto& { return s.design.n; }, "n",
          "samples per (s,a) (generative) or trajectory length (trajectory)", assay::range(1, 1e6))
      .param(
          [](S & s) -> auto& { return s.design.alpha; }, "alpha",
          "the set must cover P with probability >= 1 - alpha", assay::range(1e-6, 0.999))
      .choice(
          [](S & s) -> auto& { return s.design.sampling; }, "sampling",
          {{"generative", mt::Sampling::generative}, {"trajectory", mt::Sampling::trajectory}},
          "generative: n i.i.d. next states per pair; trajectory: one stationary trajectory "
          "of n transitions under the policy")
      .param(&S::replicates, "replicates", "independent data sets", assay::range(1, 1e6))
      .output(&O::true_value, "true_value", "initial . V^pi(P)")
      .output(&O::coverage, "coverage", "fraction of data sets whose set contains every P(.|s,a)")
      .output(&O::pessimism_rate, "pessimism_rate",
              "fraction with V_pess <= V^pi(P) at every state")
      .output(&O::plug_in_over_rate, "plug_in_over_rate",
              "fraction with initial . V^pi(P^) > true value")
      .output(&O::mean_pessimistic, "mean_pessimistic_value", "mean of initial . V_pess")
      .output(&O::mean_plug_in, "mean_plug_in_value", "mean of initial . V^pi(P^)")
      .output(&O::mean_radius, "mean_radius", "mean KL radius over visited pairs")
      .output(&O::replicates, "replicates",
              "per data set: covered, pessimistic, plug_in_value, pessimistic_value, mean_radius",
              assay::columns<Row>()
                  .column(&Row::covered, "covered")
                  .column(&Row::pessimistic, "pessimistic")
                  .column(&Row::plug_in_value, "plug_in_value")
                  .column(&Row::pessimistic_value, "pessimistic_value")
                  .column(&Row::mean_radius, "mean_radius"))
      .claims(mt::kl_pessimism_claims(parallel_blocks()))
      .run(kl_pessimism);
}

// ---------------------------------------------------------------- mdp_value_rate

enum class ValueData { generative, trajectory };

struct ValueRateSettings {
  mt::FiniteMdp mdp = mt::example_mdp();
  std::optional<std::vector<double>> initial;
  double offset = 1.0;
  std::vector<double> curve_offsets{-2, -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 2};
  std::vector<int> lengths{50, 100, 200, 400, 800};
  int mc_n = 400;
  int mc_replicates = 2000;
  ValueData data = ValueData::generative;
  std::vector<int> trajectory_lengths{100, 200, 400, 800, 1600};
  int trajectory_random_starts = 4;
  int trajectory_mc_n = 1000;
  int trajectory_mc_replicates = 2000;
};

// The trajectory_* outputs: only with data = trajectory.
struct TrajectoryOutputs {
  std::optional<double> rate, gaussian_rate, delta_method_sd;
  std::optional<Eigen::MatrixXd> tilted_transitions, tilted_policy;
  std::optional<Eigen::VectorXd> visits;
  std::optional<double> multiplier, minimiser_value, minimiser_divergence, kkt_residual;
  std::optional<std::int64_t> starts, starts_agreeing;
  std::optional<double> start_spread, exact_rate_at_max_n, gap_at_max_n, mc_sd, mc_sd_se;
  std::optional<std::int64_t> mc_discarded;
  std::optional<assay::Table> curve, finite_n;
};

struct ValueRateOutputs {
  mt::GenerativeValueReport g;
  double exact_rate_at_max_n = 0;
  double gap_at_max_n = 0;
  assay::Table curve, finite_n;
  TrajectoryOutputs t;
};

mt::ValueRateDesign generative_design(const ValueRateSettings& s, std::uint64_t seed) {
  return {s.offset, s.curve_offsets, s.lengths, s.mc_n, s.mc_replicates, seed};
}

mt::ValueRateDesign trajectory_design(const ValueRateSettings& s, std::uint64_t seed) {
  return {s.offset,
          s.curve_offsets,
          s.trajectory_lengths,
          s.trajectory_mc_n,
          s.trajectory_mc_replicates,
          seed};
}

mt::RunControl run_control(assay::Context& ctx, bool with_progress) {
  mt::RunControl control{parallel_blocks(&ctx), [&ctx] { ctx.throw_if_cancelled(); }};
  if (with_progress) control.progress = [&ctx](double f) { ctx.progress(f); };
  return control;
}

// `generative_curve` is the generative report's curve at the same offsets, which gives the
// trajectory curve its generative_rate column.
TrajectoryOutputs trajectory_outputs(const ValueRateSettings& s, const Eigen::VectorXd& d,
                                     const mt::RateCurve& generative_curve, assay::Context& ctx) {
  const mt::TrajectoryRateOptions options{s.trajectory_random_starts, ctx.seed(), 1.0};
  mt::TrajectoryValueReport r;
  try {
    r = mt::trajectory_value_report(s.mdp, d, trajectory_design(s, ctx.seed()), options,
                                    run_control(ctx, false));
  } catch (const mt::RateInputError& e) {
    throw assay::Error(std::string("transitions/policy: ") + e.what() +
                       "; the trajectory rate needs every state recurrent under the policy");
  }
  TrajectoryOutputs t;
  t.rate = r.rate.rate;
  t.gaussian_rate = r.gaussian_rate;
  t.delta_method_sd = r.sigma;
  t.tilted_transitions = r.rate.chain.transitions;
  t.tilted_policy = r.rate.chain.policy;
  t.visits = r.rate.chain.visits;
  t.multiplier = r.multiplier;
  t.minimiser_value = r.minimiser_value;
  t.minimiser_divergence = r.minimiser_divergence;
  t.kkt_residual = r.kkt_residual;
  t.starts = r.rate.starts;
  t.starts_agreeing = r.rate.starts_agreeing;
  t.start_spread = r.start_spread;
  t.curve = curve_table(r.curve).add("generative_rate", generative_curve.rates);
  t.exact_rate_at_max_n = r.finite_n.exact_rate_at_max_n();
  t.gap_at_max_n = r.finite_n.gap_at_max_n();
  t.finite_n = finite_n_table(r.finite_n);
  t.mc_sd = r.spread.sd;
  t.mc_sd_se = r.spread.sd_se;
  t.mc_discarded = r.spread.discarded;
  return t;
}

ValueRateOutputs mdp_value_rate(const ValueRateSettings& s, assay::Context& ctx) {
  validate(s.mdp);
  if (!(s.mdp.discount > 0))
    throw assay::Error("discount: the value rate needs gamma > 0; set discount in (0, 0.999]");
  Eigen::VectorXd d = initial_or_uniform(s.initial, s.mdp.states());
  if (!(d.sum() > 0)) throw assay::Error("initial: needs a positive entry");
  d /= d.sum();
  ValueRateOutputs out;
  try {
    out.g = mt::generative_value_report(s.mdp, d, generative_design(s, ctx.seed()),
                                        run_control(ctx, true));
  } catch (const mt::RateInputError& e) {
    throw assay::Error(std::string("transitions/rewards/policy/initial: ") + e.what());
  }
  out.exact_rate_at_max_n = out.g.finite_n.exact_rate_at_max_n();
  out.gap_at_max_n = out.g.finite_n.gap_at_max_n();
  out.curve = curve_table(out.g.curve);
  out.finite_n = finite_n_table(out.g.finite_n).add("lattice_rate", out.g.lattice_rate);
  if (s.data == ValueData::trajectory) out.t = trajectory_outputs(s, d, out.g.curve, ctx);
  ctx.progress(1.0);
  return out;
}

template <class Builder>
void value_rate_params(Builder& b) {
  using S = ValueRateSettings;
  b.param(&S::offset, "offset",
          "x - d . V^pi(P): the value x whose rate, minimiser and exact tail are reported (upper "
          "tail if > 0, lower tail if < 0)")
      .param(&S::curve_offsets, "curve_offsets",
             "offsets x - d . V at which the rate curve is tabulated")
      .param(&S::lengths, "lengths", "samples per pair n for the exact tail (|S| = 2 only)",
             kLengths)
      .param(&S::mc_n, "mc_n", "samples per pair for the Monte Carlo spread", assay::range(1, 1e6))
      .param(&S::mc_replicates, "mc_replicates", "data sets for the Monte Carlo spread (0: none)",
             assay::range(0, 1e7))
      .choice(&S::data, "data",
              {{"generative", ValueData::generative}, {"trajectory", ValueData::trajectory}},
              "generative: only the outputs for n next states per pair; trajectory: also the "
              "trajectory_* outputs for one stationary trajectory of n transitions")
      .param(&S::trajectory_lengths, "trajectory_lengths",
             "trajectory lengths n for the exact tail (2 states and a deterministic policy only)",
             kLengths)
      .param(&S::trajectory_random_starts, "trajectory_random_starts",
             "random starts of the trajectory rate search, besides the true chain and the "
             "generative minimiser",
             assay::range(0, 1000))
      .param(&S::trajectory_mc_n, "trajectory_mc_n", "trajectory length for the Monte Carlo spread",
             assay::range(2, 1e7))
      .param(&S::trajectory_mc_replicates, "trajectory_mc_replicates",
             "trajectories for the Monte Carlo spread (0: none)", assay::range(0, 1e7));
}

template <class Builder>
void generative_outputs(Builder& b) {
  using O = ValueRateOutputs;
  b.output(
       [](O & o) -> auto& { return o.g.true_value; }, "true_value", "d . V^pi(P)")
      .output(
          [](O & o) -> auto& { return o.g.target_value; }, "target_value",
          "x = true_value + offset")
      .output(
          [](O & o) -> auto& { return o.g.rate.rate; }, "rate",
          "I(x) = inf { sum_z D(P'_z||P_z) : d . V^pi(P') = x }")
      .output(
          [](O & o) -> auto& { return o.g.gaussian_rate; }, "gaussian_rate",
          "offset^2 / (2 sigma^2): the quadratic approximation")
      .output(
          [](O & o) -> auto& { return o.g.sigma; }, "delta_method_sd",
          "sigma: sqrt(n) times the asymptotic sd of d . V^pi(P^)")
      .output(
          [](O & o) -> auto& { return o.g.rate.transitions; }, "tilted_transitions",
          "P*: the most likely empirical kernel with value x (rows exponentially tilted by "
          "lambda_s pi(a|s) W*)")
      .output(
          [](O & o) -> auto& { return o.g.rate.values; }, "tilted_values", "W* = V^pi(P*)")
      .output(
          [](O & o) -> auto& { return o.g.rate.multipliers; }, "multipliers", "lambda_s per state")
      .output(
          [](O & o) -> auto& { return o.g.minimiser_value; }, "minimiser_value",
          "d . V^pi(P*), equal to x when the dual is solved")
      .output(
          [](O & o) -> auto& { return o.g.minimiser_divergence; }, "minimiser_divergence",
          "sum_z D(P*_z||P_z), equal to the rate")
      .output(&O::exact_rate_at_max_n, "exact_rate_at_max_n",
              "-(1/n) log P(tail event) at the largest n (NaN if not 2 states)")
      .output(&O::gap_at_max_n, "gap_at_max_n", "exact_rate_at_max_n - rate")
      .output(
          [](O & o) -> auto& { return o.g.spread.sd; }, "mc_sd",
          "sqrt(mc_n) times the sd of d . V^pi(P^) over the data sets")
      .output(
          [](O & o) -> auto& { return o.g.spread.sd_se; }, "mc_sd_se", "its standard error")
      .output(&O::curve, "curve", "offset, value, rate, gaussian_rate")
      .output(&O::finite_n, "finite_n",
              "per n: exact_log_probability, exact_rate, gap, gap_n_over_log_n, lattice_rate "
              "(min divergence over the empirical kernels in the event)");
}

// Optional outputs: absent from a point with data = generative (NaN or empty in /index).
template <class Builder>
void trajectory_outputs(Builder& b) {
  using O = ValueRateOutputs;
  b.output(
       [](O & o) -> auto& { return o.t.rate; }, "trajectory_rate",
       "I(x) = inf { D(Q||K|q) : Q shift-invariant, d . V^pi(P_Q) = x } for one trajectory "
       "(local minimum of a multi-start search; only with data = trajectory)")
      .output(
          [](O & o) -> auto& { return o.t.gaussian_rate; }, "trajectory_gaussian_rate",
          "offset^2 / (2 sigma_traj^2)")
      .output(
          [](O & o) -> auto& { return o.t.delta_method_sd; }, "trajectory_delta_method_sd",
          "sigma_traj: sqrt(n) times the asymptotic sd of d . V^pi(P^) from a trajectory of "
          "n transitions")
      .output(
          [](O & o) -> auto& { return o.t.tilted_transitions; }, "trajectory_tilted_transitions",
          "P*: the learned kernel of the most likely trajectory type")
      .output(
          [](O & o) -> auto& { return o.t.tilted_policy; }, "trajectory_tilted_policy",
          "rho*: the action frequencies of that type (pi is known to the estimator; rho* "
          "only reweights visits)")
      .output(
          [](O & o) -> auto& { return o.t.visits; }, "trajectory_visits",
          "q*(s,a): its pair visit law")
      .output(
          [](O & o) -> auto& { return o.t.multiplier; }, "trajectory_multiplier",
          "lambda: dI/dx at the minimiser")
      .output(
          [](O & o) -> auto& { return o.t.minimiser_value; }, "trajectory_minimiser_value",
          "d . V^pi(P*), equal to x when feasible")
      .output(
          [](O & o) -> auto& { return o.t.minimiser_divergence; },
          "trajectory_minimiser_divergence",
          "D(Q*||K|q*) recomputed on the pair measure, equal to the rate")
      .output(
          [](O & o) -> auto& { return o.t.kkt_residual; }, "trajectory_kkt_residual",
          "infinity norm of the Lagrangian's gradient in the logits at P*")
      .output(
          [](O & o) -> auto& { return o.t.starts; }, "trajectory_starts", "starts of the search")
      .output(
          [](O & o) -> auto& { return o.t.starts_agreeing; }, "trajectory_starts_agreeing",
          "feasible starts that reached the reported minimum")
      .output(
          [](O & o) -> auto& { return o.t.start_spread; }, "trajectory_start_spread",
          "largest feasible local minimum minus the reported one")
      .output(
          [](O & o) -> auto& { return o.t.exact_rate_at_max_n; }, "trajectory_exact_rate_at_max_n",
          "-(1/n) log P(tail event) from one trajectory at the largest n (NaN unless 2 "
          "states and a deterministic policy)")
      .output(
          [](O & o) -> auto& { return o.t.gap_at_max_n; }, "trajectory_gap_at_max_n",
          "trajectory_exact_rate_at_max_n - trajectory_rate")
      .output(
          [](O & o) -> auto& { return o.t.mc_sd; }, "trajectory_mc_sd",
          "sqrt(n) times the sd of d . V^pi(P^) over simulated trajectories")
      .output(
          [](O & o) -> auto& { return o.t.mc_sd_se; }, "trajectory_mc_sd_se", "its standard error")
      .output(
          [](O & o) -> auto& { return o.t.mc_discarded; }, "trajectory_mc_discarded",
          "simulated trajectories without a plug-in value (a pair unvisited)")
      .output(
          [](O & o) -> auto& { return o.t.curve; }, "trajectory_curve",
          "offset, value, rate, gaussian_rate, generative_rate")
      .output(
          [](O & o) -> auto& { return o.t.finite_n; }, "trajectory_finite_n",
          "per n: exact_log_probability, exact_rate, gap, gap_n_over_log_n");
}

assay::MethodExport mdp_value_rate_method() {
  using Builder = assay::MethodBuilder<ValueRateSettings, ValueRateOutputs>;
  return assay::method<ValueRateSettings, ValueRateOutputs>(
             "mdp_value_rate",
             "Rate function of the plug-in value d . V^pi(P^) from n next states per "
             "state-action pair, by contraction of Sanov's theorem; exact finite-n tails (2 "
             "states) and the delta-method variance; with data = trajectory also the rate from "
             "one trajectory by contraction of the pair-measure LDP")
      .cite(kPaper)
      .with(mdp_params<Builder>)
      .with(value_rate_params<Builder>)
      .with(generative_outputs<Builder>)
      .with(trajectory_outputs<Builder>)
      .claims(mt::mdp_value_rate_claims(parallel_blocks()))
      .run(mdp_value_rate);
}

// ---------------------------------------------------------------- markov_coding_exponent

struct CodingSettings {
  Eigen::MatrixXd kernel = mt::two_state_kernel();
  double rate = 0.55;
  std::vector<int> lengths{100, 200, 400, 800};
  int paths = 20000;
  int curve_points = 40;
};

struct CodingOutputs {
  mt::CodingReport r;
  assay::Table errors, curve;
};

CodingOutputs markov_coding_exponent(const CodingSettings& s, assay::Context& ctx) {
  require_stochastic(s.kernel);
  CodingOutputs out{mt::coding_report(s.kernel, s.rate, s.lengths, s.paths, s.curve_points,
                                      ctx.seed(), parallel_blocks(&ctx)),
                    {},
                    {}};
  out.errors.add("n", std::vector<std::int64_t>(s.lengths.begin(), s.lengths.end()))
      .add("error_probability", out.r.error_probability)
      .add("standard_error", out.r.standard_error)
      .add("normalised_exponent", out.r.normalised_exponent);
  out.curve.add("rate", out.r.curve_rates).add("exponent", out.r.curve_exponents);
  return out;
}

assay::MethodExport markov_coding_exponent_method() {
  using S = CodingSettings;
  using O = CodingOutputs;
  return assay::method<S, O>("markov_coding_exponent",
                             "Error exponent e(R) of type-based fixed-rate coding of a Markov "
                             "source, and importance-sampled error probabilities of that code")
      .cite(kPaper)
      .param(&S::kernel, "kernel", "source kernel K (square, rows sum to 1, irreducible)")
      .param(&S::rate, "rate", "code rate R in nats per symbol", assay::range(0, 10))
      .param(&S::lengths, "lengths", "block lengths n for the simulated error probability",
             kLengths)
      .param(&S::paths, "paths", "importance-sampling paths per length", assay::range(0, 1e8))
      .param(&S::curve_points, "curve_points",
             "points of the e(R) curve on [0, topological entropy)", assay::range(2, 10000))
      .output(
          [](O & o) -> auto& { return o.r.exponent.exponent; }, "exponent",
          "e(R) = min D(Q||K|q) over shift-invariant Q with H(Q) >= R")
      .output(
          [](O & o) -> auto& { return o.r.entropy_rate; }, "entropy_rate", "H(K)")
      .output(
          [](O & o) -> auto& { return o.r.topological_entropy; }, "topological_entropy",
          "log rho(1[K>0]); e is infinite above it")
      .output(
          [](O & o) -> auto& { return o.r.exponent.multiplier; }, "multiplier",
          "optimal dual variable s*")
      .output(
          [](O & o) -> auto& { return o.r.twisted_kernel; }, "twisted_kernel",
          "the source behaviour that causes errors")
      .output(
          [](O & o) -> auto& { return o.r.fit.slope; }, "fitted_exponent",
          "slope e of log P_err(n) = a - e n - c log n fitted to the estimates")
      .output(
          [](O & o) -> auto& { return o.r.fit.slope_se; }, "fitted_exponent_se",
          "its standard error")
      .output(&O::errors, "errors",
              "per n: error_probability, standard_error, normalised_exponent = -(1/n) log P_err")
      .output(&O::curve, "curve", "rate, exponent")
      .claims(mt::markov_coding_exponent_claims(parallel_blocks()))
      .run(markov_coding_exponent);
}

}  // namespace

ASSAY_PLUGIN("mdp_types", "0.2.0", "MIT", markov_pair_ldp_method(), type_class_sizes_method(),
             kl_pessimism_method(), mdp_value_rate_method(), markov_coding_exponent_method())
