// The monoculture plugin: measuring monoculture (excess agreement between models) against
// marginal and item-difficulty null models, over chosen populations of models and items.
// Thin glue: declares the methods and the paper's checks, reads params, calls the science.
#include <assay/sdk.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "claim_figures.hpp"
#include "excess_measures.hpp"
#include "irt_fit.hpp"
#include "paper_claims.hpp"
#include "population.hpp"
#include "population_sweep.hpp"

namespace {

namespace mc = assay::monoculture;

constexpr const char* kPaper =
    "Jo, Garg, Raghavan. The Subjectivity of Monoculture (seed paper 15)";
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void host_parallel_for(std::size_t n, std::size_t grain, const mc::LoopBody& body) {
  assay::parallel_for(n, grain, body);
}

// Science errors (std::invalid_argument) become assay::Error naming the method.
assay::MethodFn guarded(std::string id, void (*run)(assay::Context&)) {
  return [id = std::move(id), run](assay::Context& ctx) {
    try {
      run(ctx);
    } catch (const std::invalid_argument& e) {
      throw assay::Error(id + ": " + e.what());
    }
  };
}

std::vector<int> clusters_of(const std::vector<std::int64_t>& raw) {
  return {raw.begin(), raw.end()};
}

// ---- checks: the paper's claims (paper_claims.hpp, reduced by claim_figures.hpp) ----------

assay::CheckResult at_least_zero(const mc::ClaimFigure& f) {
  return assay::expect_at_least(f.measured, 0.0, f.detail);
}

assay::CheckResult check_recovery(const assay::CheckContext& c) {
  const mc::ClaimFigure f = mc::recovery_min_correlation(mc::rasch_recovery(c.seed));
  return assay::expect_at_least(f.measured, 0.95, f.detail);
}

assay::CheckResult check_marginal_excess(const assay::CheckContext& c) {
  return at_least_zero(mc::marginal_excess_lower_bound(mc::rasch_population_nulls(c.seed)));
}

assay::CheckResult check_item_null_excess(const assay::CheckContext& c) {
  const mc::ClaimFigure f = mc::item_excess_near_zero(mc::rasch_population_nulls(c.seed));
  return assay::expect_near(f.measured, 0.0, f.tolerance, f.detail);
}

assay::CheckResult check_closed_form(const assay::CheckContext& c) {
  const mc::ClaimFigure f = mc::closed_form_max_z(mc::item_null_closed_form(c.seed));
  return assay::expect_at_most(f.measured, 3.0, f.detail);
}

assay::CheckResult check_planted_detected(const assay::CheckContext& c) {
  return at_least_zero(mc::planted_lowest_bound(mc::planted_monoculture_power(c.seed)));
}

assay::CheckResult check_planted_grows(const assay::CheckContext& c) {
  return at_least_zero(mc::planted_smallest_increase(mc::planted_monoculture_power(c.seed)));
}

assay::CheckResult check_sign_flip(const assay::CheckContext& c) {
  return at_least_zero(mc::sign_flip_margin(mc::population_sign_flip(c.seed)));
}

// ---- irt_population -------------------------------------------------------------------

assay::MethodInfo irt_population_info() {
  return assay::method("irt_population",
                       "Simulated models x items responses: Rasch, 2PL or clusters sharing "
                       "skills, with an optional planted shared-error factor and options")
      .cite(kPaper)
      .choice("model", "rasch", {"rasch", "2pl", "multidim"},
              "rasch: sigma(theta - b); 2pl: sigma(a (theta - b)); multidim: Rasch plus a "
              "per-cluster skill profile over `skills` item types")
      .param<int>("models", 20, "number of models (rows)", assay::range(2, 100000))
      .param<int>("items", 500, "number of items (columns)", assay::range(2, 10000000))
      .param<double>("ability_sd", 1.0, "sd of abilities theta", assay::range(0, 20))
      .param<double>("difficulty_sd", 1.0, "sd of difficulties b", assay::range(0, 20))
      .param<double>("log_discrimination_sd", 0.3, "2pl: sd of log a", assay::range(0, 5))
      .param<int>("clusters", 1, "model clusters (models dealt in turn)", assay::range(1, 100000))
      .param<int>("skills", 3, "multidim: item types (items dealt in turn)", assay::range(1, 1000))
      .param<double>("skill_sd", 1.0, "multidim: sd of a cluster's skill shifts",
                     assay::range(0, 20))
      .param<double>("shared_error", 0.0,
                     "planted monoculture: loading of every model on its cluster's per-item "
                     "N(0,1) error factor (logit scale)",
                     assay::range(0, 20))
      .param<int>("options", 4, "answer options per item (0 is the correct one)",
                  assay::range(2, 64))
      .param<double>("option_concentration", 1.0, "Dirichlet concentration of wrong options",
                     assay::range(1e-3, 1e3))
      .param<double>("shared_option", 0.0,
                     "probability a wrong model picks its cluster's favourite wrong option",
                     assay::range(0, 1))
      .output<Eigen::MatrixXd>("responses", "models x items, 1 right, 0 wrong")
      .output<Eigen::MatrixXd>("choices", "models x items, option chosen, 0 = correct")
      .output<Eigen::VectorXd>("ability", "true theta per model")
      .output<Eigen::VectorXd>("difficulty", "true b per item")
      .output<Eigen::VectorXd>("discrimination", "true a per item (1 unless 2pl)")
      .output<std::vector<std::int64_t>>("clusters", "cluster of each model")
      .output<double>("accuracy", "mean of responses");
}

void irt_population(assay::Context& ctx) {
  mc::PopulationSpec spec;
  spec.model = mc::parse_population_model(ctx.param<std::string>("model"));
  spec.models = ctx.param<int>("models");
  spec.items = ctx.param<int>("items");
  spec.ability_sd = ctx.param<double>("ability_sd");
  spec.difficulty_sd = ctx.param<double>("difficulty_sd");
  spec.log_discrimination_sd = ctx.param<double>("log_discrimination_sd");
  spec.clusters = ctx.param<int>("clusters");
  spec.skills = ctx.param<int>("skills");
  spec.skill_sd = ctx.param<double>("skill_sd");
  spec.shared_error = ctx.param<double>("shared_error");
  spec.options = ctx.param<int>("options");
  spec.option_concentration = ctx.param<double>("option_concentration");
  spec.shared_option = ctx.param<double>("shared_option");
  auto rng = ctx.rng();
  const mc::PopulationTruth truth = mc::draw_truth(spec, rng);
  mc::PopulationDraw draw = mc::draw_responses(truth, rng);
  ctx.output("accuracy", draw.responses.mean());
  ctx.output("responses", std::move(draw.responses));
  ctx.output("choices", std::move(draw.choices));
  ctx.output("ability", truth.ability);
  ctx.output("difficulty", truth.difficulty);
  ctx.output("discrimination", truth.discrimination);
  ctx.output("clusters", std::vector<std::int64_t>(truth.cluster.begin(), truth.cluster.end()));
}

// ---- irt_fit ---------------------------------------------------------------------------

assay::MethodInfo& fit_params(assay::MethodInfo& info) {
  return info
      .param<int>("grid_points", 81, "quadrature nodes over +-6 sd of difficulty",
                  assay::range(11, 1001))
      .param<int>("max_iterations", 500, "EM iteration limit", assay::range(1, 100000))
      .param<double>("tolerance", 1e-5, "largest parameter change counted as converged",
                     assay::range(1e-12, 1))
      .param<double>("discrimination_prior_sd", 0.5, "2pl: sd of the log-normal prior on a",
                     assay::range(0.01, 10));
}

mc::IrtFitOptions read_fit_options(const assay::Context& ctx) {
  mc::IrtFitOptions o;
  o.grid_points = ctx.param<int>("grid_points");
  o.max_iterations = ctx.param<int>("max_iterations");
  o.tolerance = ctx.param<double>("tolerance");
  o.log_discrimination_prior_sd = ctx.param<double>("discrimination_prior_sd");
  return o;
}

assay::MethodInfo irt_fit_info() {
  assay::MethodInfo info =
      assay::method("irt_fit",
                    "Rasch or 2PL by marginal maximum likelihood (EM over a difficulty grid)")
          .cite(kPaper)
          .choice("model", "rasch", {"rasch", "2pl"}, "item response model")
          .input<Eigen::MatrixXd>("responses", "models x items, entries 0 or 1")
          .optional_input<Eigen::VectorXd>("true_ability", "simulated theta, for recovery")
          .optional_input<Eigen::VectorXd>("true_difficulty", "simulated b, for recovery");
  fit_params(info)
      .output<Eigen::VectorXd>("ability", "fitted theta per model")
      .output<Eigen::VectorXd>("difficulty", "posterior mean b per item")
      .output<Eigen::VectorXd>("discrimination", "fitted a per item (1 under rasch)")
      .output<double>("difficulty_sd", "fitted sd of the difficulty population")
      .output<double>("log_likelihood", "marginal log-likelihood")
      .output<std::int64_t>("iterations", "EM iterations run")
      .output<std::int64_t>("converged", "1 if the tolerance was reached")
      .output<double>("ability_correlation", "corr(fitted, true theta); NaN without truth")
      .output<double>("difficulty_correlation", "corr(fitted, true b); NaN without truth")
      .check("recovers_rasch_parameters",
             "irt_fit recovers simulated abilities and difficulties with correlation >= 0.95 "
             "at 1,000 items (100 models)",
             check_recovery);
  return info;
}

void irt_fit(assay::Context& ctx) {
  mc::IrtFitOptions o = read_fit_options(ctx);
  o.model = mc::parse_irt_model(ctx.param<std::string>("model"));
  const auto responses = ctx.input<Eigen::MatrixXd>("responses");
  const mc::IrtFit fit = mc::fit_irt(responses, o, host_parallel_for);
  const mc::IrtParameters& p = fit.parameters;
  auto corr_with = [&](const char* port, const Eigen::VectorXd& fitted) {
    if (!ctx.has_input(port)) return kNaN;
    const auto truth = ctx.input<Eigen::VectorXd>(port);
    if (truth.size() != fitted.size())
      throw assay::Error(std::string("irt_fit: input ") + port + " has " +
                         std::to_string(truth.size()) + " entries, expected " +
                         std::to_string(fitted.size()));
    return mc::correlation(fitted, truth);
  };
  ctx.output("ability_correlation", corr_with("true_ability", p.ability));
  ctx.output("difficulty_correlation", corr_with("true_difficulty", p.difficulty));
  ctx.output("ability", p.ability);
  ctx.output("difficulty", p.difficulty);
  ctx.output("discrimination", p.discrimination);
  ctx.output("difficulty_sd", p.difficulty_sd);
  ctx.output("log_likelihood", fit.log_likelihood);
  ctx.output("iterations", static_cast<std::int64_t>(fit.iterations));
  ctx.output("converged", static_cast<std::int64_t>(fit.converged ? 1 : 0));
}

// ---- monoculture_measure ---------------------------------------------------------------

assay::MethodInfo& measure_params(assay::MethodInfo& info) {
  info.choice("null", "rasch", {"marginal", "rasch", "2pl"},
              "null model of independent agreement: per-model accuracies, or independence "
              "given the item under a fitted Rasch / 2PL model")
      .param<int>("resamples", 500, "bootstrap resamples over items", assay::range(20, 100000))
      .param<double>("level", 0.95, "confidence level of the intervals", assay::range(0.5, 0.999));
  return fit_params(info);
}

mc::MeasureOptions read_measure_options(const assay::Context& ctx) {
  mc::MeasureOptions o;
  o.null = mc::parse_null_model(ctx.param<std::string>("null"));
  o.fit = read_fit_options(ctx);
  o.resamples = ctx.param<int>("resamples");
  o.level = ctx.param<double>("level");
  return o;
}

assay::MethodInfo monoculture_measure_info() {
  assay::MethodInfo info =
      assay::method("monoculture_measure",
                    "Pairwise agreement and excess agreement over a null, with bootstrap "
                    "intervals over items; same-wrong-option agreement when choices are given")
          .cite(kPaper)
          .input<Eigen::MatrixXd>("responses", "models x items, entries 0 or 1")
          .optional_input<Eigen::MatrixXd>("choices", "models x items option codes, 0 = correct")
          .optional_input<std::vector<std::int64_t>>("clusters", "cluster of each model");
  measure_params(info)
      .output<double>("observed_agreement", "agreement averaged over all pairs and items")
      .output<double>("null_agreement", "the null's expected agreement, same average")
      .output<double>("excess", "observed - null over all pairs")
      .output<double>("excess_ci_low", "bootstrap interval, lower bound")
      .output<double>("excess_ci_high", "bootstrap interval, upper bound")
      .output<double>("within_excess", "excess over pairs in one cluster (NaN without clusters)")
      .output<double>("within_ci_low", "within: interval, lower bound")
      .output<double>("within_ci_high", "within: interval, upper bound")
      .output<double>("between_excess", "excess over pairs across clusters (NaN without)")
      .output<double>("between_ci_low", "between: interval, lower bound")
      .output<double>("between_ci_high", "between: interval, upper bound")
      .output<double>("same_option_observed",
                      "P(same wrong option | both wrong), all pairs (NaN without choices)")
      .output<double>("same_option_null", "its item null, sum_c q_j(c)^2 from the other models")
      .output<double>("same_option_excess",
                      "observed - null; over ALL pairs this is 0 by construction (the null is "
                      "fitted on the same models), so read the within-cluster value")
      .output<double>("same_option_ci_low", "same option: interval, lower bound")
      .output<double>("same_option_ci_high", "same option: interval, upper bound")
      .output<double>("within_same_option_excess",
                      "same-option excess over pairs in one cluster (NaN without clusters)")
      .output<Eigen::MatrixXd>("pair_observed", "models x models agreement")
      .output<Eigen::MatrixXd>("pair_expected", "models x models null agreement")
      .check("marginal_null_excess_on_rasch",
             "On a pure Rasch population (no shared errors), excess agreement over the "
             "marginal null is clearly positive (95% interval above 0)",
             check_marginal_excess)
      .check("item_null_shows_none_on_rasch",
             "On the same pure Rasch population, the 95% interval of excess agreement over the "
             "Rasch item-difficulty null covers 0",
             check_item_null_excess)
      .check("item_null_matches_closed_form",
             "For equal-ability models and b ~ N(0, sd_b^2), sd_b in {0.5, 1, 2}, the fitted "
             "item-null agreement matches the one-dimensional integral (max |z| <= 3, SE of "
             "the observed agreement over 2,000 items)",
             check_closed_form)
      .check("planted_monoculture_detected",
             "With a planted within-cluster shared-error factor (loading 1, 1.5, 2), the "
             "within-cluster excess over the Rasch item null has a 95% interval above 0",
             check_planted_detected)
      .check("planted_monoculture_grows",
             "The measured within-cluster excess grows with the planted strength",
             check_planted_grows);
  return info;
}

void output_group(assay::Context& ctx, const std::string& prefix, const mc::ExcessEstimate* e) {
  ctx.output(prefix + "_excess", e ? e->excess : kNaN);
  ctx.output(prefix + "_ci_low", e ? e->ci_low : kNaN);
  ctx.output(prefix + "_ci_high", e ? e->ci_high : kNaN);
}

void monoculture_measure(assay::Context& ctx) {
  const auto responses = ctx.input<Eigen::MatrixXd>("responses");
  const int models = static_cast<int>(responses.rows());
  std::vector<mc::PairGroup> groups{mc::all_pairs(models)};
  if (ctx.has_input("clusters")) {
    const auto cluster = clusters_of(ctx.input<std::vector<std::int64_t>>("clusters"));
    if (static_cast<int>(cluster.size()) != models)
      throw assay::Error("monoculture_measure: clusters has " + std::to_string(cluster.size()) +
                         " entries for " + std::to_string(models) + " models");
    groups.push_back(mc::within_cluster_pairs(cluster));
    groups.push_back(mc::between_cluster_pairs(cluster));
  }
  const mc::MeasureOptions o = read_measure_options(ctx);
  auto rng = ctx.rng(0);
  const mc::AgreementExcess a = mc::agreement_excess(responses, groups, o, rng, host_parallel_for);
  const bool clustered = groups.size() == 3;
  ctx.output("observed_agreement", a.groups[0].observed);
  ctx.output("null_agreement", a.groups[0].expected);
  ctx.output("excess", a.groups[0].excess);
  ctx.output("excess_ci_low", a.groups[0].ci_low);
  ctx.output("excess_ci_high", a.groups[0].ci_high);
  output_group(ctx, "within", clustered ? &a.groups[1] : nullptr);
  output_group(ctx, "between", clustered ? &a.groups[2] : nullptr);

  std::vector<mc::ExcessEstimate> same;
  if (ctx.has_input("choices")) {
    auto option_rng = ctx.rng(1);
    same = mc::same_wrong_option_excess(responses, ctx.input<Eigen::MatrixXd>("choices"), groups,
                                        o.resamples, o.level, option_rng);
  }
  const mc::ExcessEstimate none;
  const mc::ExcessEstimate& all_same = same.empty() ? none : same[0];
  ctx.output("same_option_observed", all_same.observed);
  ctx.output("same_option_null", all_same.expected);
  ctx.output("same_option_excess", all_same.excess);
  ctx.output("same_option_ci_low", all_same.ci_low);
  ctx.output("same_option_ci_high", all_same.ci_high);
  ctx.output("within_same_option_excess", clustered && !same.empty() ? same[1].excess : kNaN);
  ctx.output("pair_observed", a.pair_observed);
  ctx.output("pair_expected", a.pair_expected);
}

// ---- population_sweep ------------------------------------------------------------------

assay::MethodInfo population_sweep_info() {
  assay::MethodInfo info =
      assay::method("population_sweep",
                    "Refit the null on random populations of models and items and report how "
                    "the excess of the same pairs changes")
          .cite(kPaper)
          .input<Eigen::MatrixXd>("responses", "models x items, entries 0 or 1")
          .param<std::vector<double>>("targets", {},
                                      "model indices whose pairs are measured (always in the "
                                      "population); empty: all pairs of each population")
          .param<int>("reference_models", 0,
                      "other models drawn into each population; 0: all of them",
                      assay::range(0, 100000))
          .param<int>("items", 0, "items drawn into each population; 0: all of them",
                      assay::range(0, 10000000))
          .param<int>("populations", 10, "random populations after the full one",
                      assay::range(1, 10000));
  measure_params(info)
      .output<assay::Table>("populations_table",
                            "one row per population (row 0: everything): models, items, "
                            "observed, expected, excess, ci_low, ci_high")
      .output<double>("full_excess", "excess with every model and item in the population")
      .output<double>("excess_min", "smallest excess over the random populations")
      .output<double>("excess_max", "largest excess over the random populations")
      .output<double>("excess_sd", "sd of the excess over the random populations")
      .output<double>("fraction_positive", "share of random populations with interval above 0")
      .output<double>("fraction_negative", "share of random populations with interval below 0")
      .output<std::int64_t>("sign_flip",
                            "1 if some populations are significantly positive and "
                            "others significantly negative")
      .check("excess_sign_depends_on_population",
             "The same pair's excess over the item null is significantly positive with the "
             "null fitted on models that do not share its error factor, and significantly "
             "negative with models that share it more strongly",
             check_sign_flip);
  return info;
}

void population_sweep(assay::Context& ctx) {
  const auto responses = ctx.input<Eigen::MatrixXd>("responses");
  mc::SweepSpec spec;
  for (double t : ctx.param<std::vector<double>>("targets")) {
    if (t != std::floor(t) || t < 0 || t >= static_cast<double>(responses.rows()))
      throw assay::Error("population_sweep: targets must be model indices in [0, " +
                         std::to_string(responses.rows()) + "), got " + std::to_string(t));
    spec.targets.push_back(static_cast<int>(t));
  }
  spec.reference_models = ctx.param<int>("reference_models");
  spec.items = ctx.param<int>("items");
  spec.populations = ctx.param<int>("populations");
  const mc::MeasureOptions o = read_measure_options(ctx);
  auto rng = ctx.rng();
  const auto rows =
      mc::population_sweep(responses, spec, o, rng, host_parallel_for, [&](int done, int total) {
        ctx.progress(static_cast<double>(done) / total);
        ctx.throw_if_cancelled();
      });

  std::vector<std::int64_t> models, items;
  std::vector<double> observed, expected, excess, low, high;
  for (const auto& r : rows) {
    models.push_back(r.models);
    items.push_back(r.items);
    observed.push_back(r.excess.observed);
    expected.push_back(r.excess.expected);
    excess.push_back(r.excess.excess);
    low.push_back(r.excess.ci_low);
    high.push_back(r.excess.ci_high);
  }
  const mc::SweepSummary s = mc::summarise_sweep(rows);
  ctx.output("full_excess", s.full_excess);
  ctx.output("excess_min", s.excess_min);
  ctx.output("excess_max", s.excess_max);
  ctx.output("excess_sd", s.excess_sd);
  ctx.output("fraction_positive", s.fraction_positive);
  ctx.output("fraction_negative", s.fraction_negative);
  ctx.output("sign_flip", static_cast<std::int64_t>(s.sign_flip));
  assay::Table table;
  table.add("models", models)
      .add("items", items)
      .add("observed", observed)
      .add("expected", expected)
      .add("excess", excess)
      .add("ci_low", low)
      .add("ci_high", high);
  ctx.output("populations_table", std::move(table));
}

}  // namespace

ASSAY_PLUGIN("monoculture", "0.1.0",
             assay::export_method(irt_population_info(), guarded("irt_population", irt_population)),
             assay::export_method(irt_fit_info(), guarded("irt_fit", irt_fit)),
             assay::export_method(monoculture_measure_info(),
                                  guarded("monoculture_measure", monoculture_measure)),
             assay::export_method(population_sweep_info(),
                                  guarded("population_sweep", population_sweep)))
