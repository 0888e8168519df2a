// The data_exchange plugin: SDK glue for core-stable data exchange among competing firms.
// The science lives in the other files of this folder; this file binds the methods' params
// and outputs to its structs, calls the science and registers its claims.
#include <assay/eigen.hpp>
#include <assay/sdk.hpp>
#include <cmath>
#include <limits>
#include <optional>
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

constexpr double kMaxGridDeviations = 1e6;

// ---------------------------------------------------------------- shared params

// Every method's params carry the market description; the market methods add the search grid.
struct CurveSettings {
  dx::MarketSpec market;
};
struct MarketSettings {
  dx::MarketSpec market;
  dx::CoreOptions core;
};

// The member of the settings' MarketSpec that `member` names.
template <auto member>
auto spec() {
  return [](auto& s) -> auto& { return s.market.*member; };
}
template <auto member>
auto task() {
  return [](auto& s) -> auto& { return s.market.task.*member; };
}
template <auto member>
auto core() {
  return [](auto& s) -> auto& { return s.core.*member; };
}

const auto curve_params = [](auto& m) {
  m.param(spec<&dx::MarketSpec::firms>(), "firms",
          "number of firms n (exact search is exponential in n)", assay::range(2, 4))
      .param(spec<&dx::MarketSpec::sizes>(), "sizes",
             "data-set size m_j per firm; [] draws them log-uniformly")
      .param(spec<&dx::MarketSpec::size_min>(), "size_min", "smallest drawn data-set size",
             assay::range(1, 1e6))
      .param(spec<&dx::MarketSpec::size_max>(), "size_max", "largest drawn data-set size",
             assay::range(1, 1e6))
      .choice(spec<&dx::MarketSpec::curve>(), "curve",
              {{"power_law", dx::CurveKind::power_law}, {"measured", dx::CurveKind::measured}},
              "prediction functions: a(d) = a_max - c d^-alpha, or measured by training a "
              "ridge classifier on growing subsets of a synthetic classification data set")
      .param(spec<&dx::MarketSpec::a_max>(), "a_max", "power law: accuracy limit")
      .param(spec<&dx::MarketSpec::c>(), "c", "power law: scale", assay::range(0, 1e6))
      .param(spec<&dx::MarketSpec::alpha>(), "alpha", "power law: exponent", assay::range(0, 10))
      .param(task<&dx::ClassificationTask::dimension>(), "dimension",
             "measured: number of features", assay::range(1, 1000))
      .param(task<&dx::ClassificationTask::label_noise>(), "label_noise",
             "measured: noise std added to w.x (|w| = 1)", assay::range(0, 100))
      .param(spec<&dx::MarketSpec::noise_spread>(), "noise_spread",
             "measured: firm j's noise is label_noise (1 + spread r_j), r_j in [-1/2, 1/2]; "
             "0 = one shared task and curve",
             assay::range(0, 1.5))
      .param(task<&dx::ClassificationTask::ridge>(), "ridge", "measured: ridge penalty",
             assay::range(0, 1e6))
      .param(spec<&dx::MarketSpec::curve_points>(), "curve_points",
             "measured: training sizes on the curve", assay::range(2, 100))
      .param(spec<&dx::MarketSpec::curve_repeats>(), "curve_repeats",
             "measured: random subsets per size", assay::range(1, 10000))
      .input(spec<&dx::MarketSpec::data>(), "data",
             "measured: a real data set (e.g. stdlib load_matrix), one example per row, features "
             "then the label (> 0 positive); replaces the synthetic task, all firms share it");
};

const auto market_params = [](auto& m) {
  m.with(curve_params)
      .choice(spec<&dx::MarketSpec::demand>(), "demand",
              {{"rational", dx::Demand::rational}, {"logit", dx::Demand::logit}},
              "rational: winner takes all (ties split); logit: s_j ~ exp(beta a_j)")
      .param(spec<&dx::MarketSpec::beta>(), "beta", "logit rationality", assay::range(0, 1e4))
      .param(spec<&dx::MarketSpec::equal_sharing>(), "sharing",
             "cooperating blocks and deviating coalitions split market share equally")
      .param(core<&dx::CoreOptions::grid>(), "grid",
             "take fractions on the grid {0, 1/(G-1), ..., 1}", assay::range(2, 65))
      .param(core<&dx::CoreOptions::refine>(), "refine",
             "logit without sharing: replace the best grid deviation by the exact best "
             "deviation (bisection on the margin); the other markets' are exact already");
};

dx::Market build_market(const dx::MarketSpec& spec, assay::Context& ctx,
                        std::vector<dx::MeasuredCurve>* measured = nullptr) {
  if (spec.size_min > spec.size_max) throw assay::Error("size_min: exceeds size_max; swap them");
  try {
    auto rng = ctx.rng(0);
    return dx::make_market(spec, rng, measured);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(e.what());
  }
}

// The market of `s`, after checking that the grand coalition's grid deviations (G^n of them,
// all kept in memory) fit.
dx::Market build_market(const MarketSettings& s, assay::Context& ctx) {
  if (std::pow(s.core.grid, s.market.firms) > kMaxGridDeviations)
    throw assay::Error("grid: " + std::to_string(s.core.grid) + "^" +
                       std::to_string(s.market.firms) +
                       " grid deviations are too many to hold; use grid <= 31 for 4 firms");
  return build_market(s.market, ctx);
}

// An exchange as the methods report it: fractions x_ij, blocks (per firm, the smallest firm of
// its block) and the firms' payoffs.
struct ExchangeView {
  Eigen::MatrixXd fractions;
  std::vector<std::int64_t> blocks;
  Eigen::VectorXd payoffs;
};

ExchangeView view(const dx::Market& m, const dx::Exchange& e) {
  return {dx::exchange_fractions(e), dx::block_labels(e), dx::payoffs(m, e)};
}

// The member of the report's `which` ExchangeView that `member` names.
template <auto which, auto member>
auto exchange() {
  return [](auto& report) -> auto& { return (report.*which).*member; };
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

// ---------------------------------------------------------------- learning_curves

struct Curves {
  Eigen::VectorXd sizes, grid;
  Eigen::MatrixXd accuracy, raw_accuracy, standard_error;
  double mean_own_accuracy = 0, mean_pooling_gain = 0;
};

Curves learning_curves(const CurveSettings& s, assay::Context& ctx) {
  std::vector<dx::MeasuredCurve> measured;
  const dx::Market m = build_market(s.market, ctx, &measured);
  const int n = m.firms();
  std::vector<double> grid;
  if (!measured.empty()) {
    grid = measured.front().sizes;
  } else {
    for (int k = 0; k < s.market.curve_points; ++k)
      grid.push_back(std::pow(m.sizes.sum(), double(k) / (s.market.curve_points - 1)));
  }
  const auto points = static_cast<Eigen::Index>(grid.size());
  Curves out{m.sizes, Eigen::Map<const Eigen::VectorXd>(grid.data(), points),
             Eigen::MatrixXd(n, points), Eigen::MatrixXd(n, points),
             Eigen::MatrixXd::Zero(n, points)};
  for (int j = 0; j < n; ++j)
    for (Eigen::Index k = 0; k < points; ++k) {
      out.accuracy(j, k) = m.curves[j](grid[k]);
      out.raw_accuracy(j, k) = measured.empty() ? out.accuracy(j, k) : measured[j].accuracy[k];
      if (!measured.empty()) out.standard_error(j, k) = measured[j].standard_error[k];
    }
  for (int j = 0; j < n; ++j) {
    out.mean_own_accuracy += m.curves[j](m.sizes[j]) / n;
    out.mean_pooling_gain += (m.curves[j](m.sizes.sum()) - m.curves[j](m.sizes[j])) / n;
  }
  return out;
}

assay::MethodExport learning_curves_method() {
  return assay::method<CurveSettings, Curves>(
             "learning_curves",
             "Prediction functions f_j of the firms: power laws or learning curves measured by "
             "training a ridge classifier")
      .cite(kPaper)
      .with(curve_params)
      .output(&Curves::sizes, "sizes", "data-set size m_j of each firm")
      .output(&Curves::grid, "grid", "training sizes d at which the curves are reported")
      .output(&Curves::accuracy, "accuracy", "firms x grid: f_j(d) (monotone envelope if measured)")
      .output(&Curves::raw_accuracy, "raw_accuracy", "firms x grid: mean measured test accuracy")
      .output(&Curves::standard_error, "standard_error",
              "firms x grid: its standard error (0 for power)")
      .output(&Curves::mean_own_accuracy, "mean_own_accuracy", "mean over firms of f_j(m_j)")
      .output(&Curves::mean_pooling_gain, "mean_pooling_gain",
              "mean over firms of f_j(sum m) - f_j(m_j)")
      .run(learning_curves);
}

// ---------------------------------------------------------------- core_check

struct CheckSettings : MarketSettings {
  std::string exchange = "autarky";
  Eigen::MatrixXd fractions = Eigen::MatrixXd::Zero(3, 3);
  std::vector<int> blocks;
};

struct BlockingRow {
  std::string coalition;
  double margin = 0;
  std::string take, payoffs;
};

struct CheckReport {
  ExchangeView checked;
  Eigen::VectorXd accuracy;
  std::vector<BlockingRow> blocking;
  std::int64_t blocking_count = 0;
  double max_margin = 0;
  std::int64_t core_stable = 0;
};

dx::Exchange exchange_to_check(const CheckSettings& s, const dx::Market& m) {
  if (s.exchange == "full_pooling") {
    dx::Exchange e = dx::Exchange::autarky(m.firms());
    e.block.assign(m.firms(), 0);
    e.take.setOnes();
    return e;
  }
  if (s.exchange == "best_on_grid") return dx::core_search(m, s.core).best;
  if (s.exchange == "fractions") {
    const auto& x = s.fractions;
    if (x.size() && (x.minCoeff() < 0 || x.maxCoeff() > 1))
      throw assay::Error("fractions: entries must lie in [0, 1]");
    try {
      return s.blocks.empty() ? dx::reduce_exchange(m, x) : dx::reduce_exchange(m, x, s.blocks);
    } catch (const std::invalid_argument& err) {
      throw assay::Error(err.what());
    }
  }
  return dx::Exchange::autarky(m.firms());
}

CheckReport core_check(const CheckSettings& s, assay::Context& ctx) {
  const dx::Market m = build_market(s, ctx);
  const dx::Exchange e = exchange_to_check(s, m);
  const auto blocking = dx::blocking_coalitions(m, e, s.core);
  CheckReport out;
  for (const auto& d : blocking)
    out.blocking.push_back(
        {coalition_text(d.members), d.margin, vector_text(d.take), vector_text(d.payoffs)});
  out.checked = view(m, e);
  out.max_margin = dx::BlockingOracle(m, s.core.grid)
                       .max_margin(out.checked.payoffs, std::numeric_limits<double>::infinity());
  if (!blocking.empty()) out.max_margin = std::max(out.max_margin, blocking.front().margin);
  out.accuracy = dx::accuracies(m, dx::training_sizes(m, e));
  out.blocking_count = static_cast<std::int64_t>(blocking.size());
  out.core_stable = blocking.empty();
  return out;
}

assay::MethodExport core_check_method() {
  return assay::method<CheckSettings, CheckReport>(
             "core_check",
             "Every coalition blocking a given exchange, with its best deviation and margin "
             "(worst-case outsiders)")
      .cite(kPaper)
      .with(market_params)
      .choice(&CheckSettings::exchange, "exchange",
              {"autarky", "full_pooling", "best_on_grid", "fractions"},
              "exchange to check: none, everyone shares everything, the min-max exchange of "
              "core_search, or the matrix `fractions` (with `blocks`)")
      .param(&CheckSettings::fractions, "fractions",
             "x_ij in [0,1]: fraction of firm i's data given to firm j")
      .param(&CheckSettings::blocks, "blocks",
             "with `fractions`: block label per firm (e.g. core_search's best_blocks); firms of "
             "one block share market share under sharing even if they exchange nothing; [] = "
             "the connected components of {x_ij > 0}",
             assay::range(-1e6, 1e6))
      .output(exchange<&CheckReport::checked, &ExchangeView::fractions>(), "exchange_fractions",
              "the exchange checked (x_ij)")
      .output(exchange<&CheckReport::checked, &ExchangeView::blocks>(), "blocks",
              "the exchange's coalition structure: per firm, the smallest firm of its block")
      .output(exchange<&CheckReport::checked, &ExchangeView::payoffs>(), "payoffs",
              "status-quo payoff of each firm")
      .output(&CheckReport::accuracy, "accuracy", "status-quo accuracy of each firm")
      .output(&CheckReport::blocking, "blocking",
              "per blocking coalition: coalition, margin, take (per member), payoffs (per "
              "member, worst-case outsiders)",
              assay::columns<BlockingRow>()
                  .column(&BlockingRow::coalition, "coalition")
                  .column(&BlockingRow::margin, "margin")
                  .column(&BlockingRow::take, "take")
                  .column(&BlockingRow::payoffs, "payoffs"))
      .output(&CheckReport::blocking_count, "blocking_count", "number of blocking coalitions")
      .output(&CheckReport::max_margin, "max_margin", "largest blocking margin (<= 0: core-stable)")
      .output(&CheckReport::core_stable, "core_stable", "1 if no coalition blocks")
      .run(core_check);
}

// ---------------------------------------------------------------- core_search

struct SearchReport {
  double min_max_margin = 0, refined_margin = 0;
  std::optional<double> grid_slack, certified_margin;
  std::int64_t core_stable_found = 0, core_stable_on_grid = 0, exchanges_searched = 0;
  ExchangeView best;
};

SearchReport core_search(const MarketSettings& s, assay::Context& ctx) {
  const dx::Market m = build_market(s, ctx);
  const auto r = dx::core_search(m, s.core);
  const bool logit = m.demand == dx::Demand::logit;
  SearchReport out;
  out.min_max_margin = r.min_max_margin;
  out.refined_margin = r.refined_margin;
  if (logit) out.grid_slack = r.grid_slack;
  if (logit && s.core.certify) out.certified_margin = r.certified_margin;
  out.core_stable_found = r.refined_margin <= s.core.tolerance;
  out.core_stable_on_grid = r.core_stable_on_grid;
  out.exchanges_searched = r.exchanges_searched;
  out.best = view(m, r.best);
  return out;
}

assay::MethodExport core_search_method() {
  return assay::method<MarketSettings, SearchReport>(
             "core_search",
             "Search the grid of exchanges for core-stable ones, or certify an empty eps-core "
             "by the min over exchanges of the max blocking margin")
      .cite(kPaper)
      .with(market_params)
      .param(core<&dx::CoreOptions::certify>(), "certify",
             "logit: compute certified_margin (most of the run time for n = 4)")
      .output(&SearchReport::min_max_margin, "min_max_margin",
              "min over grid exchanges of the max grid blocking margin")
      .output(&SearchReport::refined_margin, "refined_margin",
              "max blocking margin at the best exchange, with exact best deviations (refine on; "
              "the best grid deviations with refine off)")
      .output(&SearchReport::grid_slack, "grid_slack",
              "logit: bound on the payoff change to the nearest grid exchange (absent for "
              "rational demand)")
      .output(&SearchReport::certified_margin, "certified_margin",
              "lower bound of every continuous exchange's max blocking margin (grid cells, "
              "subdivided): > 0 proves the eps-core empty for eps below it (absent: rational or "
              "certify off)")
      .output(&SearchReport::core_stable_found, "core_stable_found",
              "1 if the best exchange is core-stable")
      .output(&SearchReport::core_stable_on_grid, "core_stable_on_grid",
              "grid exchanges no grid deviation blocks")
      .output(&SearchReport::exchanges_searched, "exchanges_searched", "grid exchanges searched")
      .output(exchange<&SearchReport::best, &ExchangeView::fractions>(), "best_fractions",
              "x_ij of the best exchange")
      .output(exchange<&SearchReport::best, &ExchangeView::blocks>(), "best_blocks",
              "the best exchange's coalition structure (per firm, the smallest firm of its "
              "block): a block may exchange no data (zero fractions) and still share market "
              "share")
      .output(exchange<&SearchReport::best, &ExchangeView::payoffs>(), "best_payoffs",
              "payoffs at the best exchange")
      .claims(dx::core_search_claims())
      .run(core_search);
}

// ---------------------------------------------------------------- exchange_dynamics

struct DynamicSettings : MarketSettings {
  std::string start = "autarky";
  dx::BlockerChoice blocker = dx::BlockerChoice::random;
  int max_steps = 50;
};

struct TraceRow {
  std::int64_t step = 0;
  std::string coalition;
  double margin = 0;
  std::string payoffs;
};

struct DynamicReport {
  std::int64_t converged = 0, steps = 0;
  std::vector<TraceRow> trace;
  ExchangeView stopped;
};

DynamicReport exchange_dynamics(const DynamicSettings& s, assay::Context& ctx) {
  const dx::Market m = build_market(s, ctx);
  auto rng = ctx.rng(1);
  dx::Exchange start = dx::Exchange::autarky(m.firms());
  if (s.start != "autarky") {
    std::uniform_real_distribution<double> u(0, 1);
    start.block.assign(m.firms(), 0);
    for (auto& t : start.take) t = s.start == "random" ? u(rng) : 1.0;
  }
  const auto r = dx::run_exchange_dynamic(m, start, s.max_steps, s.blocker, s.core, rng);
  DynamicReport out;
  for (std::size_t k = 0; k < r.trace.size(); ++k)
    out.trace.push_back({static_cast<std::int64_t>(k + 1),
                         coalition_text(dx::members_of(r.trace[k].coalition, m.firms())),
                         r.trace[k].margin, vector_text(dx::payoffs(m, r.trace[k].after))});
  out.converged = r.converged;
  out.steps = static_cast<std::int64_t>(r.trace.size());
  out.stopped = view(m, r.final_exchange);
  return out;
}

assay::MethodExport exchange_dynamics_method() {
  return assay::method<DynamicSettings, DynamicReport>(
             "exchange_dynamics",
             "The exchange dynamic: a blocking coalition deviates, repeat; its trace and where "
             "it stops")
      .cite(kPaper)
      .with(market_params)
      .choice(&DynamicSettings::start, "start", {"autarky", "full_pooling", "random"},
              "initial exchange (random: everyone in one block, takes uniform on [0,1])")
      .choice(
          &DynamicSettings::blocker, "blocker",
          {{"random", dx::BlockerChoice::random}, {"max_margin", dx::BlockerChoice::max_margin}},
          "which blocking coalition deviates at each step")
      .param(&DynamicSettings::max_steps, "max_steps", "step limit", assay::range(0, 100000))
      .output(&DynamicReport::converged, "converged",
              "1 if an exchange no coalition blocks was reached")
      .output(&DynamicReport::steps, "steps", "deviations carried out")
      .output(&DynamicReport::trace, "trace", "per step: coalition, margin, payoffs after the step",
              assay::columns<TraceRow>()
                  .column(&TraceRow::step, "step")
                  .column(&TraceRow::coalition, "coalition")
                  .column(&TraceRow::margin, "margin")
                  .column(&TraceRow::payoffs, "payoffs"))
      .output(exchange<&DynamicReport::stopped, &ExchangeView::fractions>(), "final_fractions",
              "x_ij where the dynamic stopped")
      .output(exchange<&DynamicReport::stopped, &ExchangeView::blocks>(), "final_blocks",
              "coalition structure where the dynamic stopped (per firm, the smallest firm of "
              "its block)")
      .output(exchange<&DynamicReport::stopped, &ExchangeView::payoffs>(), "final_payoffs",
              "payoffs where the dynamic stopped")
      .claims(dx::exchange_dynamics_claims())
      .run(exchange_dynamics);
}

}  // namespace

ASSAY_PLUGIN("data_exchange", "1.0.0", "MIT", learning_curves_method(), core_check_method(),
             core_search_method(), exchange_dynamics_method())
