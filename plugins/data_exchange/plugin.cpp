// The data_exchange plugin: SDK glue for core-stable data exchange among competing firms.
// The science lives in the other files of this folder; this file declares the methods,
// reads their params, calls the science and writes outputs.
#include <assay/sdk.hpp>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "core.hpp"
#include "exchange_dynamic.hpp"
#include "market_spec.hpp"
#include "paper_claims.hpp"

namespace {

namespace dx = assay::data_exchange;

constexpr const char* kPaper =
    "Stability of data exchange among competing firms: core-stable exchanges with worst-case "
    "outsiders under fully and partially rational demand (seed paper 18)";

// ---------------------------------------------------------------- shared params

constexpr double kMaxGridDeviations = 1e6;

assay::MethodInfo with_curve_params(assay::MethodInfo info) {
  return info
      .param<int>("firms", 3, "number of firms n (exact search is exponential in n)",
                  assay::range(2, 4))
      .param<std::vector<double>>("sizes", {},
                                  "data-set size m_j per firm; [] draws them log-uniformly")
      .param<double>("size_min", 20, "smallest drawn data-set size", assay::range(1, 1e6))
      .param<double>("size_max", 400, "largest drawn data-set size", assay::range(1, 1e6))
      .choice("curve", "power_law", {"power_law", "measured"},
              "prediction functions: a(d) = a_max - c d^-alpha, or measured by training a "
              "ridge classifier on growing subsets of a synthetic classification data set")
      .param<double>("a_max", 1.0, "power law: accuracy limit")
      .param<double>("c", 1.0, "power law: scale", assay::range(0, 1e6))
      .param<double>("alpha", 0.4, "power law: exponent", assay::range(0, 10))
      .param<int>("dimension", 10, "measured: number of features", assay::range(1, 1000))
      .param<double>("label_noise", 0.5, "measured: noise std added to w.x (|w| = 1)",
                     assay::range(0, 100))
      .param<double>("noise_spread", 0.0,
                     "measured: firm j's noise is label_noise (1 + spread r_j), r_j in "
                     "[-1/2, 1/2]; 0 = one shared task and curve",
                     assay::range(0, 1.5))
      .param<double>("ridge", 1.0, "measured: ridge penalty", assay::range(0, 1e6))
      .param<int>("curve_points", 12, "measured: training sizes on the curve", assay::range(2, 100))
      .param<int>("curve_repeats", 20, "measured: random subsets per size", assay::range(1, 10000))
      .optional_input<Eigen::MatrixXd>(
          "data",
          "measured: a real data set (e.g. stdlib load_matrix), one example per row, features "
          "then the label (> 0 positive); replaces the synthetic task, all firms share it");
}

assay::MethodInfo with_market_params(assay::MethodInfo info) {
  return with_curve_params(std::move(info))
      .choice("demand", "rational", {"rational", "logit"},
              "rational: winner takes all (ties split); logit: s_j ~ exp(beta a_j)")
      .param<double>("beta", 60.0, "logit rationality", assay::range(0, 1e4))
      .param<bool>("sharing", false,
                   "cooperating blocks and deviating coalitions split market share equally")
      .param<int>("grid", 9, "take fractions on the grid {0, 1/(G-1), ..., 1}", assay::range(2, 65))
      .param<bool>("refine", true,
                   "logit without sharing: replace the best grid deviation by the exact best "
                   "deviation (bisection on the margin); the other markets' are exact already");
}

dx::MarketSpec read_spec(const assay::Context& ctx) {
  dx::MarketSpec s;
  s.firms = ctx.param<int>("firms");
  s.sizes = ctx.param<std::vector<double>>("sizes");
  s.size_min = ctx.param<double>("size_min");
  s.size_max = ctx.param<double>("size_max");
  s.curve = ctx.param<std::string>("curve") == "measured" ? dx::CurveKind::measured
                                                          : dx::CurveKind::power_law;
  s.a_max = ctx.param<double>("a_max");
  s.c = ctx.param<double>("c");
  s.alpha = ctx.param<double>("alpha");
  s.task.dimension = ctx.param<int>("dimension");
  s.task.label_noise = ctx.param<double>("label_noise");
  s.task.ridge = ctx.param<double>("ridge");
  s.noise_spread = ctx.param<double>("noise_spread");
  s.curve_points = ctx.param<int>("curve_points");
  s.curve_repeats = ctx.param<int>("curve_repeats");
  if (ctx.has_input("data")) s.data = ctx.input<Eigen::MatrixXd>("data");
  if (s.size_min > s.size_max) throw assay::Error("size_min: exceeds size_max; swap them");
  return s;
}

dx::MarketSpec read_market_spec(const assay::Context& ctx) {
  dx::MarketSpec s = read_spec(ctx);
  s.demand = ctx.param<std::string>("demand") == "logit" ? dx::Demand::logit : dx::Demand::rational;
  s.beta = ctx.param<double>("beta");
  s.equal_sharing = ctx.param<bool>("sharing");
  return s;
}

dx::CoreOptions read_options(const assay::Context& ctx) {
  dx::CoreOptions o;
  o.grid = ctx.param<int>("grid");
  o.refine = ctx.param<bool>("refine");
  // The grand coalition's grid deviations are all kept in memory: G^n of them.
  const double deviations = std::pow(o.grid, ctx.param<int>("firms"));
  if (deviations > kMaxGridDeviations)
    throw assay::Error("grid: " + std::to_string(o.grid) + "^" +
                       std::to_string(ctx.param<int>("firms")) +
                       " grid deviations are too many to hold; use grid <= 31 for 4 firms");
  return o;
}

dx::Market build_market(const dx::MarketSpec& spec, assay::Context& ctx,
                        std::vector<dx::MeasuredCurve>* measured = nullptr) {
  try {
    auto rng = ctx.rng(0);
    return dx::make_market(spec, rng, measured);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(e.what());
  }
}

std::string coalition_text(const std::vector<int>& members) {
  std::ostringstream s;
  s << "{";
  for (std::size_t k = 0; k < members.size(); ++k) s << (k ? "," : "") << members[k];
  s << "}";
  return s.str();
}

std::string vector_text(const Eigen::VectorXd& v) {
  std::ostringstream s;
  for (Eigen::Index k = 0; k < v.size(); ++k) s << (k ? " " : "") << v[k];
  return s.str();
}

assay::CheckResult as_at_least(const dx::ClaimMeasurement& m) {
  return assay::expect_at_least(m.measured, m.bound, m.detail);
}

// ---------------------------------------------------------------- learning_curves

assay::MethodInfo learning_curves_info() {
  return with_curve_params(
             assay::method("learning_curves",
                           "Prediction functions f_j of the firms: power laws or learning "
                           "curves measured by training a ridge classifier"))
      .cite(kPaper)
      .output<Eigen::VectorXd>("sizes", "data-set size m_j of each firm")
      .output<Eigen::VectorXd>("grid", "training sizes d at which the curves are reported")
      .output<Eigen::MatrixXd>("accuracy", "firms x grid: f_j(d) (monotone envelope if measured)")
      .output<Eigen::MatrixXd>("raw_accuracy", "firms x grid: mean measured test accuracy")
      .output<Eigen::MatrixXd>("standard_error", "firms x grid: its standard error (0 for power)")
      .output<double>("mean_own_accuracy", "mean over firms of f_j(m_j)")
      .output<double>("mean_pooling_gain", "mean over firms of f_j(sum m) - f_j(m_j)");
}

void learning_curves(assay::Context& ctx) {
  const auto spec = read_spec(ctx);
  std::vector<dx::MeasuredCurve> measured;
  const dx::Market m = build_market(spec, ctx, &measured);
  const int n = m.firms();
  std::vector<double> grid;
  if (!measured.empty()) {
    grid = measured.front().sizes;
  } else {
    for (int k = 0; k < spec.curve_points; ++k)
      grid.push_back(std::pow(m.sizes.sum(), double(k) / (spec.curve_points - 1)));
  }
  const auto points = static_cast<Eigen::Index>(grid.size());
  Eigen::MatrixXd accuracy(n, points), raw(n, points), se = Eigen::MatrixXd::Zero(n, points);
  for (int j = 0; j < n; ++j)
    for (Eigen::Index k = 0; k < points; ++k) {
      accuracy(j, k) = m.curves[j](grid[k]);
      raw(j, k) = measured.empty() ? accuracy(j, k) : measured[j].accuracy[k];
      if (!measured.empty()) se(j, k) = measured[j].standard_error[k];
    }
  double own = 0, gain = 0;
  for (int j = 0; j < n; ++j) {
    own += m.curves[j](m.sizes[j]) / n;
    gain += (m.curves[j](m.sizes.sum()) - m.curves[j](m.sizes[j])) / n;
  }
  ctx.output("sizes", Eigen::VectorXd(m.sizes));
  ctx.output("grid", Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(grid.data(), points)));
  ctx.output("accuracy", accuracy);
  ctx.output("raw_accuracy", raw);
  ctx.output("standard_error", se);
  ctx.output("mean_own_accuracy", own);
  ctx.output("mean_pooling_gain", gain);
}

// ---------------------------------------------------------------- core_check

std::vector<int> read_blocks(const assay::Context& ctx) {
  std::vector<int> blocks;
  for (double label : ctx.param<std::vector<double>>("blocks")) {
    if (label != std::floor(label) || std::abs(label) > 1e6)
      throw assay::Error("blocks: labels must be integers; give one label per firm");
    blocks.push_back(static_cast<int>(label));
  }
  return blocks;
}

assay::MethodInfo core_check_info() {
  return with_market_params(assay::method("core_check",
                                          "Every coalition blocking a given exchange, with its "
                                          "best deviation and margin (worst-case outsiders)"))
      .cite(kPaper)
      .choice("exchange", "autarky", {"autarky", "full_pooling", "best_on_grid", "fractions"},
              "exchange to check: none, everyone shares everything, the min-max exchange of "
              "core_search, or the matrix `fractions` (with `blocks`)")
      .param<Eigen::MatrixXd>("fractions", Eigen::MatrixXd::Zero(3, 3),
                              "x_ij in [0,1]: fraction of firm i's data given to firm j")
      .param<std::vector<double>>(
          "blocks", {},
          "with `fractions`: block label per firm (e.g. core_search's best_blocks); firms of one "
          "block share market share under sharing even if they exchange nothing; [] = the "
          "connected components of {x_ij > 0}")
      .output<Eigen::MatrixXd>("exchange_fractions", "the exchange checked (x_ij)")
      .output<std::vector<std::int64_t>>(
          "blocks", "the exchange's coalition structure: per firm, the smallest firm of its block")
      .output<Eigen::VectorXd>("payoffs", "status-quo payoff of each firm")
      .output<Eigen::VectorXd>("accuracy", "status-quo accuracy of each firm")
      .output<assay::Table>("blocking",
                            "per blocking coalition: coalition, margin, take (per member), "
                            "payoffs (per member, worst-case outsiders)")
      .output<std::int64_t>("blocking_count", "number of blocking coalitions")
      .output<double>("max_margin", "largest blocking margin (<= 0: core-stable)")
      .output<std::int64_t>("core_stable", "1 if no coalition blocks");
}

void core_check(assay::Context& ctx) {
  const dx::Market m = build_market(read_market_spec(ctx), ctx);
  const auto options = read_options(ctx);
  const auto which = ctx.param<std::string>("exchange");
  dx::Exchange e = dx::Exchange::autarky(m.firms());
  if (which == "full_pooling") {
    e.block.assign(m.firms(), 0);
    e.take.setOnes();
  } else if (which == "best_on_grid") {
    e = dx::core_search(m, options).best;
  } else if (which == "fractions") {
    const auto x = ctx.param<Eigen::MatrixXd>("fractions");
    const auto blocks = read_blocks(ctx);
    if (x.size() && (x.minCoeff() < 0 || x.maxCoeff() > 1))
      throw assay::Error("fractions: entries must lie in [0, 1]");
    try {
      e = blocks.empty() ? dx::reduce_exchange(m, x) : dx::reduce_exchange(m, x, blocks);
    } catch (const std::invalid_argument& err) {
      throw assay::Error(err.what());
    }
  }
  const auto blocking = dx::blocking_coalitions(m, e, options);
  std::vector<std::string> names, takes, pays;
  std::vector<double> margins;
  for (const auto& d : blocking) {
    names.push_back(coalition_text(d.members));
    margins.push_back(d.margin);
    takes.push_back(vector_text(d.take));
    pays.push_back(vector_text(d.payoffs));
  }
  assay::Table table;
  table.add("coalition", names).add("margin", margins).add("take", takes).add("payoffs", pays);
  const Eigen::VectorXd u = dx::payoffs(m, e);
  double max_margin =
      dx::BlockingOracle(m, options.grid).max_margin(u, std::numeric_limits<double>::infinity());
  if (!blocking.empty()) max_margin = std::max(max_margin, blocking.front().margin);
  ctx.output("exchange_fractions", dx::exchange_fractions(e));
  ctx.output("blocks", dx::block_labels(e));
  ctx.output("payoffs", u);
  ctx.output("accuracy", dx::accuracies(m, dx::training_sizes(m, e)));
  ctx.output("blocking", std::move(table));
  ctx.output("blocking_count", static_cast<std::int64_t>(blocking.size()));
  ctx.output("max_margin", max_margin);
  ctx.output("core_stable", static_cast<std::int64_t>(blocking.empty()));
}

// ---------------------------------------------------------------- core_search

assay::MethodInfo core_search_info() {
  return with_market_params(
             assay::method("core_search",
                           "Search the grid of exchanges for core-stable ones, or certify an "
                           "empty eps-core by the min over exchanges of the max blocking margin"))
      .cite(kPaper)
      .param<bool>("certify", true,
                   "logit: compute certified_margin (most of the run time for n = 4)")
      .output<double>("min_max_margin", "min over grid exchanges of the max grid blocking margin")
      .output<double>("refined_margin",
                      "max blocking margin at the best exchange, with exact best deviations "
                      "(refine on; the best grid deviations with refine off)")
      .output<double>("grid_slack",
                      "logit: bound on the payoff change to the nearest grid exchange "
                      "(NaN for rational demand)")
      .output<double>(
          "certified_margin",
          "lower bound of every continuous exchange's max blocking margin (grid cells, "
          "subdivided): > 0 proves the eps-core empty for eps below it (NaN: rational or "
          "certify off)")
      .output<std::int64_t>("core_stable_found", "1 if the best exchange is core-stable")
      .output<std::int64_t>("core_stable_on_grid", "grid exchanges no grid deviation blocks")
      .output<std::int64_t>("exchanges_searched", "grid exchanges searched")
      .output<Eigen::MatrixXd>("best_fractions", "x_ij of the best exchange")
      .output<std::vector<std::int64_t>>(
          "best_blocks",
          "the best exchange's coalition structure (per firm, the smallest firm of its block): "
          "a block may exchange no data (zero fractions) and still share market share")
      .output<Eigen::VectorXd>("best_payoffs", "payoffs at the best exchange")
      .check("rational_core_exists",
             "In fully rational markets a core-stable exchange always exists: counterexample "
             "search over 60 random markets (n = 3, 4; heterogeneous power-law and measured "
             "curves) with exact blocking and every achievable payoff vector searched.",
             [](const assay::CheckContext& ctx) {
               return as_at_least(dx::rational_core_found(ctx.seed, 60));
             })
      .check("logit_eps_core_empty",
             "With logit demand (beta = 60, sizes 60/120/60, a = 1 - d^-0.4) the eps-core is "
             "empty: at grids 9, 13, 17 the min-max blocking margin stays near 0.1 and a "
             "certified lower bound for every continuous exchange (cell-wise Lipschitz slack, "
             "cells subdivided) stays > 0.",
             [](const assay::CheckContext&) {
               return as_at_least(dx::logit_core_empty_certified({9, 13, 17}));
             })
      .check("equal_sharing_restores_core",
             "With equal sharing inside coalitions a core-stable exchange exists: on the logit "
             "counterexample and on 30 random logit markets (exact blocking test).",
             [](const assay::CheckContext& ctx) {
               return as_at_least(dx::sharing_restores_core(ctx.seed, 30));
             });
}

void core_search(assay::Context& ctx) {
  const dx::Market m = build_market(read_market_spec(ctx), ctx);
  auto options = read_options(ctx);
  options.certify = ctx.param<bool>("certify");
  const auto r = dx::core_search(m, options);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const bool logit = m.demand == dx::Demand::logit;
  ctx.output("min_max_margin", r.min_max_margin);
  ctx.output("refined_margin", r.refined_margin);
  ctx.output("grid_slack", logit ? r.grid_slack : nan);
  ctx.output("certified_margin", logit && options.certify ? r.certified_margin : nan);
  ctx.output("core_stable_found", static_cast<std::int64_t>(r.refined_margin <= options.tolerance));
  ctx.output("core_stable_on_grid", static_cast<std::int64_t>(r.core_stable_on_grid));
  ctx.output("exchanges_searched", static_cast<std::int64_t>(r.exchanges_searched));
  ctx.output("best_fractions", dx::exchange_fractions(r.best));
  ctx.output("best_blocks", dx::block_labels(r.best));
  ctx.output("best_payoffs", dx::payoffs(m, r.best));
}

// ---------------------------------------------------------------- exchange_dynamics

assay::MethodInfo exchange_dynamics_info() {
  return with_market_params(assay::method("exchange_dynamics",
                                          "The exchange dynamic: a blocking coalition deviates, "
                                          "repeat; its trace and where it stops"))
      .cite(kPaper)
      .choice("start", "autarky", {"autarky", "full_pooling", "random"},
              "initial exchange (random: everyone in one block, takes uniform on [0,1])")
      .choice("blocker", "random", {"random", "max_margin"},
              "which blocking coalition deviates at each step")
      .param<int>("max_steps", 50, "step limit", assay::range(0, 100000))
      .output<std::int64_t>("converged", "1 if an exchange no coalition blocks was reached")
      .output<std::int64_t>("steps", "deviations carried out")
      .output<assay::Table>("trace", "per step: coalition, margin, payoffs after the step")
      .output<Eigen::MatrixXd>("final_fractions", "x_ij where the dynamic stopped")
      .output<std::vector<std::int64_t>>("final_blocks",
                                         "coalition structure where the dynamic stopped (per "
                                         "firm, the smallest firm of its block)")
      .output<Eigen::VectorXd>("final_payoffs", "payoffs where the dynamic stopped")
      .check("dynamic_converges_rational",
             "In fully rational markets with measured learning curves (n = 3, 20 instances), "
             "the dynamic from autarky reaches a core-stable exchange on every instance.",
             [](const assay::CheckContext& ctx) {
               return as_at_least(dx::dynamic_converges(ctx.seed, 20));
             });
}

void exchange_dynamics(assay::Context& ctx) {
  const dx::Market m = build_market(read_market_spec(ctx), ctx);
  const auto options = read_options(ctx);
  auto rng = ctx.rng(1);
  dx::Exchange start = dx::Exchange::autarky(m.firms());
  const auto how = ctx.param<std::string>("start");
  if (how != "autarky") {
    std::uniform_real_distribution<double> u(0, 1);
    start.block.assign(m.firms(), 0);
    for (auto& t : start.take) t = how == "random" ? u(rng) : 1.0;
  }
  const auto choice = ctx.param<std::string>("blocker") == "max_margin"
                          ? dx::BlockerChoice::max_margin
                          : dx::BlockerChoice::random;
  const auto r =
      dx::run_exchange_dynamic(m, start, ctx.param<int>("max_steps"), choice, options, rng);
  std::vector<std::int64_t> step;
  std::vector<std::string> coalition, pays;
  std::vector<double> margin;
  for (std::size_t k = 0; k < r.trace.size(); ++k) {
    step.push_back(static_cast<std::int64_t>(k + 1));
    coalition.push_back(coalition_text(dx::members_of(r.trace[k].coalition, m.firms())));
    margin.push_back(r.trace[k].margin);
    pays.push_back(vector_text(dx::payoffs(m, r.trace[k].after)));
  }
  assay::Table trace;
  trace.add("step", step).add("coalition", coalition).add("margin", margin).add("payoffs", pays);
  ctx.output("converged", static_cast<std::int64_t>(r.converged));
  ctx.output("steps", static_cast<std::int64_t>(r.trace.size()));
  ctx.output("trace", std::move(trace));
  ctx.output("final_fractions", dx::exchange_fractions(r.final_exchange));
  ctx.output("final_blocks", dx::block_labels(r.final_exchange));
  ctx.output("final_payoffs", dx::payoffs(m, r.final_exchange));
}

}  // namespace

ASSAY_PLUGIN("data_exchange", "1.0.0",
             assay::export_method(learning_curves_info(), learning_curves),
             assay::export_method(core_check_info(), core_check),
             assay::export_method(core_search_info(), core_search),
             assay::export_method(exchange_dynamics_info(), exchange_dynamics))
