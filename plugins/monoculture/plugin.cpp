// The monoculture plugin: measuring monoculture (excess agreement between models) against
// marginal and item-difficulty null models, over chosen populations of models and items.
// Thin glue: binds the methods' params and outputs to the science's structs, calls the
// science and registers the paper's claims (claims.hpp).
#include <assay/sdk.hpp>
#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "claims.hpp"
#include "excess_measures.hpp"
#include "irt_fit.hpp"
#include "paper_claims.hpp"
#include "population.hpp"
#include "population_sweep.hpp"

namespace {

namespace mc = assay::monoculture;

constexpr const char* kPaper =
    "Jo, Garg, Raghavan. The Subjectivity of Monoculture (seed paper 15)";

void host_parallel_for(std::size_t n, std::size_t grain, const mc::LoopBody& body) {
  assay::parallel_for(n, grain, body);
}

// Science errors (std::invalid_argument) become assay::Error naming the method.
template <class In, class Out>
auto guarded(std::string id, Out (*run)(const In&, assay::Context&)) {
  return [id = std::move(id), run](const In& in, assay::Context& ctx) {
    try {
      return run(in, ctx);
    } catch (const std::invalid_argument& e) {
      throw assay::Error(id + ": " + e.what());
    }
  };
}

// Binds the IRT fit params at `fit` (an IrtFitOptions) of a method's settings.
template <class Fit>
auto fit_params(Fit fit) {
  return [fit](auto& m) {
    m.param(
         [fit](auto& s) -> auto& { return fit(s).grid_points; }, "grid_points",
         "quadrature nodes over +-6 sd of difficulty", assay::range(11, 1001))
        .param(
            [fit](auto& s) -> auto& { return fit(s).max_iterations; }, "max_iterations",
            "EM iteration limit", assay::range(1, 100000))
        .param(
            [fit](auto& s) -> auto& { return fit(s).tolerance; }, "tolerance",
            "largest parameter change counted as converged", assay::range(1e-12, 1))
        .param(
            [fit](auto& s) -> auto& { return fit(s).log_discrimination_prior_sd; },
            "discrimination_prior_sd", "2pl: sd of the log-normal prior on a",
            assay::range(0.01, 10));
  };
}

// Binds the measure params (null, resamples, level and the fit's) at `options` (a
// MeasureOptions) of a method's settings.
template <class Options>
auto measure_params(Options options) {
  return [options](auto& m) {
    m.choice(
         [options](auto& s) -> auto& { return options(s).null; }, "null",
         {{"marginal", mc::NullModel::marginal},
          {"rasch", mc::NullModel::rasch},
          {"2pl", mc::NullModel::two_pl}},
         "null model of independent agreement: per-model accuracies, or independence "
         "given the item under a fitted Rasch / 2PL model")
        .param(
            [options](auto& s) -> auto& { return options(s).resamples; }, "resamples",
            "bootstrap resamples over items", assay::range(20, 100000))
        .param(
            [options](auto& s) -> auto& { return options(s).level; }, "level",
            "confidence level of the intervals", assay::range(0.5, 0.999))
        .with(fit_params([options](auto& s) -> auto& { return options(s).fit; }));
  };
}

// ---- irt_population -------------------------------------------------------------------

struct Population {
  Eigen::MatrixXd responses;
  Eigen::MatrixXd choices;
  Eigen::VectorXd ability;
  Eigen::VectorXd difficulty;
  Eigen::VectorXd discrimination;
  std::vector<int> clusters;
  double accuracy = 0;
};

Population irt_population(const mc::PopulationSpec& spec, assay::Context& ctx) {
  auto rng = ctx.rng();
  const mc::PopulationTruth truth = mc::draw_truth(spec, rng);
  mc::PopulationDraw draw = mc::draw_responses(truth, rng);
  const double accuracy = draw.responses.mean();
  return {std::move(draw.responses), std::move(draw.choices), truth.ability, truth.difficulty,
          truth.discrimination,      truth.cluster,           accuracy};
}

assay::MethodExport irt_population_method() {
  using S = mc::PopulationSpec;
  return assay::method<S, Population>(
             "irt_population",
             "Simulated models x items responses: Rasch, 2PL or clusters sharing skills, with an "
             "optional planted shared-error factor and options")
      .cite(kPaper)
      .choice(&S::model, "model",
              {{"rasch", mc::PopulationModel::rasch},
               {"2pl", mc::PopulationModel::two_pl},
               {"multidim", mc::PopulationModel::multidimensional}},
              "rasch: sigma(theta - b); 2pl: sigma(a (theta - b)); multidim: Rasch plus a "
              "per-cluster skill profile over `skills` item types")
      .param(&S::models, "models", "number of models (rows)", assay::range(2, 100000))
      .param(&S::items, "items", "number of items (columns)", assay::range(2, 10000000))
      .param(&S::ability_sd, "ability_sd", "sd of abilities theta", assay::range(0, 20))
      .param(&S::difficulty_sd, "difficulty_sd", "sd of difficulties b", assay::range(0, 20))
      .param(&S::log_discrimination_sd, "log_discrimination_sd", "2pl: sd of log a",
             assay::range(0, 5))
      .param(&S::clusters, "clusters", "model clusters (models dealt in turn)",
             assay::range(1, 100000))
      .param(&S::skills, "skills", "multidim: item types (items dealt in turn)",
             assay::range(1, 1000))
      .param(&S::skill_sd, "skill_sd", "multidim: sd of a cluster's skill shifts",
             assay::range(0, 20))
      .param(&S::shared_error, "shared_error",
             "planted monoculture: loading of every model on its cluster's per-item N(0,1) "
             "error factor (logit scale)",
             assay::range(0, 20))
      .param(&S::options, "options", "answer options per item (0 is the correct one)",
             assay::range(2, 64))
      .param(&S::option_concentration, "option_concentration",
             "Dirichlet concentration of wrong options", assay::range(1e-3, 1e3))
      .param(&S::shared_option, "shared_option",
             "probability a wrong model picks its cluster's favourite wrong option",
             assay::range(0, 1))
      .output(&Population::responses, "responses", "models x items, 1 right, 0 wrong")
      .output(&Population::choices, "choices", "models x items, option chosen, 0 = correct")
      .output(&Population::ability, "ability", "true theta per model")
      .output(&Population::difficulty, "difficulty", "true b per item")
      .output(&Population::discrimination, "discrimination", "true a per item (1 unless 2pl)")
      .output(&Population::clusters, "clusters", "cluster of each model")
      .output(&Population::accuracy, "accuracy", "mean of responses")
      .run(guarded("irt_population", irt_population));
}

// ---- irt_fit ---------------------------------------------------------------------------

struct FitInputs {
  mc::IrtFitOptions options;
  Eigen::MatrixXd responses;
  std::optional<Eigen::VectorXd> true_ability;
  std::optional<Eigen::VectorXd> true_difficulty;
};

struct FitOutputs {
  Eigen::VectorXd ability;
  Eigen::VectorXd difficulty;
  Eigen::VectorXd discrimination;
  double difficulty_sd = 0;
  double log_likelihood = 0;
  std::int64_t iterations = 0;
  std::int64_t converged = 0;
  std::optional<double> ability_correlation;
  std::optional<double> difficulty_correlation;
};

// corr(fitted, truth) when the truth is given.
std::optional<double> correlation_with(const std::optional<Eigen::VectorXd>& truth,
                                       const Eigen::VectorXd& fitted, const char* port) {
  if (!truth) return std::nullopt;
  if (truth->size() != fitted.size())
    throw assay::Error(std::string("irt_fit: input ") + port + " has " +
                       std::to_string(truth->size()) + " entries, expected " +
                       std::to_string(fitted.size()));
  return mc::correlation(fitted, *truth);
}

FitOutputs irt_fit(const FitInputs& in, assay::Context&) {
  const mc::IrtFit fit = mc::fit_irt(in.responses, in.options, host_parallel_for);
  const mc::IrtParameters& p = fit.parameters;
  return {p.ability,
          p.difficulty,
          p.discrimination,
          p.difficulty_sd,
          fit.log_likelihood,
          fit.iterations,
          fit.converged ? 1 : 0,
          correlation_with(in.true_ability, p.ability, "true_ability"),
          correlation_with(in.true_difficulty, p.difficulty, "true_difficulty")};
}

assay::MethodExport irt_fit_method() {
  return assay::method<FitInputs, FitOutputs>(
             "irt_fit", "Rasch or 2PL by marginal maximum likelihood (EM over a difficulty grid)")
      .cite(kPaper)
      .choice(
          [](auto& s) -> auto& { return s.options.model; }, "model",
          {{"rasch", mc::IrtModel::rasch}, {"2pl", mc::IrtModel::two_pl}}, "item response model")
      .input(&FitInputs::responses, "responses", "models x items, entries 0 or 1")
      .input(&FitInputs::true_ability, "true_ability", "simulated theta, for recovery")
      .input(&FitInputs::true_difficulty, "true_difficulty", "simulated b, for recovery")
      .with(fit_params([](auto& s) -> auto& { return s.options; }))
      .output(&FitOutputs::ability, "ability", "fitted theta per model")
      .output(&FitOutputs::difficulty, "difficulty", "posterior mean b per item")
      .output(&FitOutputs::discrimination, "discrimination", "fitted a per item (1 under rasch)")
      .output(&FitOutputs::difficulty_sd, "difficulty_sd", "fitted sd of the difficulty population")
      .output(&FitOutputs::log_likelihood, "log_likelihood", "marginal log-likelihood")
      .output(&FitOutputs::iterations, "iterations", "EM iterations run")
      .output(&FitOutputs::converged, "converged", "1 if the tolerance was reached")
      .output(&FitOutputs::ability_correlation, "ability_correlation",
              "corr(fitted, true theta); absent without true_ability")
      .output(&FitOutputs::difficulty_correlation, "difficulty_correlation",
              "corr(fitted, true b); absent without true_difficulty")
      .claims(mc::irt_fit_claims())
      .run(guarded("irt_fit", irt_fit));
}

// ---- monoculture_measure ---------------------------------------------------------------

struct MeasureInputs {
  mc::MeasureOptions options;
  Eigen::MatrixXd responses;
  std::optional<Eigen::MatrixXd> choices;
  std::optional<std::vector<int>> clusters;
};

// Cluster and option outputs are absent without the clusters / choices inputs.
struct MeasureOutputs {
  double observed_agreement = 0;
  double null_agreement = 0;
  double excess = 0;
  double excess_ci_low = 0;
  double excess_ci_high = 0;
  std::optional<double> within_excess, within_ci_low, within_ci_high;
  std::optional<double> between_excess, between_ci_low, between_ci_high;
  std::optional<double> same_option_observed, same_option_null, same_option_excess;
  std::optional<double> same_option_ci_low, same_option_ci_high;
  std::optional<double> within_same_option_excess;
  Eigen::MatrixXd pair_observed;
  Eigen::MatrixXd pair_expected;
};

MeasureOutputs monoculture_measure(const MeasureInputs& in, assay::Context& ctx) {
  const int models = static_cast<int>(in.responses.rows());
  std::vector<mc::PairGroup> groups{mc::all_pairs(models)};
  if (in.clusters) {
    if (static_cast<int>(in.clusters->size()) != models)
      throw assay::Error("monoculture_measure: clusters has " +
                         std::to_string(in.clusters->size()) + " entries for " +
                         std::to_string(models) + " models");
    groups.push_back(mc::within_cluster_pairs(*in.clusters));
    groups.push_back(mc::between_cluster_pairs(*in.clusters));
  }
  auto rng = ctx.rng(0);
  const mc::AgreementExcess a =
      mc::agreement_excess(in.responses, groups, in.options, rng, host_parallel_for);
  const mc::ExcessEstimate& all = a.groups[0];
  MeasureOutputs out;
  out.observed_agreement = all.observed;
  out.null_agreement = all.expected;
  out.excess = all.excess;
  out.excess_ci_low = all.ci_low;
  out.excess_ci_high = all.ci_high;
  out.pair_observed = a.pair_observed;
  out.pair_expected = a.pair_expected;
  if (in.clusters) {
    out.within_excess = a.groups[1].excess;
    out.within_ci_low = a.groups[1].ci_low;
    out.within_ci_high = a.groups[1].ci_high;
    out.between_excess = a.groups[2].excess;
    out.between_ci_low = a.groups[2].ci_low;
    out.between_ci_high = a.groups[2].ci_high;
  }
  if (in.choices) {
    auto option_rng = ctx.rng(1);
    const auto same = mc::same_wrong_option_excess(
        in.responses, *in.choices, groups, in.options.resamples, in.options.level, option_rng);
    out.same_option_observed = same[0].observed;
    out.same_option_null = same[0].expected;
    out.same_option_excess = same[0].excess;
    out.same_option_ci_low = same[0].ci_low;
    out.same_option_ci_high = same[0].ci_high;
    if (in.clusters) out.within_same_option_excess = same[1].excess;
  }
  return out;
}

assay::MethodExport monoculture_measure_method() {
  using O = MeasureOutputs;
  return assay::method<MeasureInputs, O>(
             "monoculture_measure",
             "Pairwise agreement and excess agreement over a null, with bootstrap intervals over "
             "items; same-wrong-option agreement when choices are given")
      .cite(kPaper)
      .input(&MeasureInputs::responses, "responses", "models x items, entries 0 or 1")
      .input(&MeasureInputs::choices, "choices", "models x items option codes, 0 = correct")
      .input(&MeasureInputs::clusters, "clusters", "cluster of each model")
      .with(measure_params([](auto& s) -> auto& { return s.options; }))
      .output(&O::observed_agreement, "observed_agreement",
              "agreement averaged over all pairs and items")
      .output(&O::null_agreement, "null_agreement", "the null's expected agreement, same average")
      .output(&O::excess, "excess", "observed - null over all pairs")
      .output(&O::excess_ci_low, "excess_ci_low", "bootstrap interval, lower bound")
      .output(&O::excess_ci_high, "excess_ci_high", "bootstrap interval, upper bound")
      .output(&O::within_excess, "within_excess",
              "excess over pairs in one cluster (absent without clusters)")
      .output(&O::within_ci_low, "within_ci_low", "within: interval, lower bound")
      .output(&O::within_ci_high, "within_ci_high", "within: interval, upper bound")
      .output(&O::between_excess, "between_excess",
              "excess over pairs across clusters (absent without)")
      .output(&O::between_ci_low, "between_ci_low", "between: interval, lower bound")
      .output(&O::between_ci_high, "between_ci_high", "between: interval, upper bound")
      .output(&O::same_option_observed, "same_option_observed",
              "P(same wrong option | both wrong), all pairs (absent without choices)")
      .output(&O::same_option_null, "same_option_null",
              "its item null, sum_c q_j(c)^2 from the other models")
      .output(&O::same_option_excess, "same_option_excess",
              "observed - null; over ALL pairs this is 0 by construction (the null is fitted on "
              "the same models), so read the within-cluster value")
      .output(&O::same_option_ci_low, "same_option_ci_low", "same option: interval, lower bound")
      .output(&O::same_option_ci_high, "same_option_ci_high", "same option: interval, upper bound")
      .output(&O::within_same_option_excess, "within_same_option_excess",
              "same-option excess over pairs in one cluster (absent without clusters or "
              "choices)")
      .output(&O::pair_observed, "pair_observed", "models x models agreement")
      .output(&O::pair_expected, "pair_expected", "models x models null agreement")
      .claims(mc::monoculture_measure_claims())
      .run(guarded("monoculture_measure", monoculture_measure));
}

// ---- population_sweep ------------------------------------------------------------------

// Targets stay a real vector (as before SDK 2): the shipped pipeline writes them as reals
// ([0.0, 3.0]), which an int vector refuses, and an int vector's text would change the point
// id; sweep_spec checks that each is a model index.
struct SweepInputs {
  Eigen::MatrixXd responses;
  std::vector<double> targets;
  mc::SweepSpec spec;
  mc::MeasureOptions options;
};

struct SweepRowView {
  std::int64_t models = 0, items = 0;
  double observed = 0, expected = 0, excess = 0, ci_low = 0, ci_high = 0;
};

struct SweepOutputs {
  std::vector<SweepRowView> populations_table;
  mc::SweepSummary summary;
  std::int64_t sign_flip = 0;  // summary.sign_flip as the 0/1 integer it is stored as
};

mc::SweepSpec sweep_spec(const SweepInputs& in) {
  mc::SweepSpec spec = in.spec;
  for (double t : in.targets) {
    if (t != std::floor(t) || t < 0 || t >= static_cast<double>(in.responses.rows()))
      throw assay::Error("population_sweep: targets must be model indices in [0, " +
                         std::to_string(in.responses.rows()) + "), got " + std::to_string(t));
    spec.targets.push_back(static_cast<int>(t));
  }
  return spec;
}

SweepOutputs population_sweep(const SweepInputs& in, assay::Context& ctx) {
  const mc::SweepSpec spec = sweep_spec(in);
  auto rng = ctx.rng();
  const auto rows = mc::population_sweep(in.responses, spec, in.options, rng, host_parallel_for,
                                         [&](int done, int total) {
                                           ctx.progress(static_cast<double>(done) / total);
                                           ctx.throw_if_cancelled();
                                         });
  SweepOutputs out{{}, mc::summarise_sweep(rows)};
  out.sign_flip = out.summary.sign_flip;
  for (const auto& r : rows)
    out.populations_table.push_back({r.models, r.items, r.excess.observed, r.excess.expected,
                                     r.excess.excess, r.excess.ci_low, r.excess.ci_high});
  return out;
}

assay::MethodExport population_sweep_method() {
  using R = SweepRowView;
  return assay::method<SweepInputs, SweepOutputs>(
             "population_sweep",
             "Refit the null on random populations of models and items and report how the "
             "excess of the same pairs changes")
      .cite(kPaper)
      .input(&SweepInputs::responses, "responses", "models x items, entries 0 or 1")
      .param(&SweepInputs::targets, "targets",
             "model indices whose pairs are measured (always in the population); empty: all "
             "pairs of each population")
      .param(
          [](auto& s) -> auto& { return s.spec.reference_models; }, "reference_models",
          "other models drawn into each population; unset: all of them", assay::range(1, 100000))
      .param(
          [](auto& s) -> auto& { return s.spec.items; }, "items",
          "items drawn into each population; unset: all of them", assay::range(1, 10000000))
      .param(
          [](auto& s) -> auto& { return s.spec.populations; }, "populations",
          "random populations after the full one", assay::range(1, 10000))
      .with(measure_params([](auto& s) -> auto& { return s.options; }))
      .output(&SweepOutputs::populations_table, "populations_table",
              "one row per population (row 0: everything): models, items, observed, expected, "
              "excess, ci_low, ci_high",
              assay::columns<R>()
                  .column(&R::models, "models")
                  .column(&R::items, "items")
                  .column(&R::observed, "observed")
                  .column(&R::expected, "expected")
                  .column(&R::excess, "excess")
                  .column(&R::ci_low, "ci_low")
                  .column(&R::ci_high, "ci_high"))
      .output(
          [](auto& o) -> auto& { return o.summary.full_excess; }, "full_excess",
          "excess with every model and item in the population")
      .output(
          [](auto& o) -> auto& { return o.summary.excess_min; }, "excess_min",
          "smallest excess over the random populations")
      .output(
          [](auto& o) -> auto& { return o.summary.excess_max; }, "excess_max",
          "largest excess over the random populations")
      .output(
          [](auto& o) -> auto& { return o.summary.excess_sd; }, "excess_sd",
          "sd of the excess over the random populations")
      .output(
          [](auto& o) -> auto& { return o.summary.fraction_positive; }, "fraction_positive",
          "share of random populations with interval above 0")
      .output(
          [](auto& o) -> auto& { return o.summary.fraction_negative; }, "fraction_negative",
          "share of random populations with interval below 0")
      .output(
          [](auto& o) -> auto& { return o.sign_flip; }, "sign_flip",
          "1 if some populations are significantly positive and others significantly "
          "negative")
      .claims(mc::population_sweep_claims())
      .run(guarded("population_sweep", population_sweep));
}

}  // namespace

ASSAY_PLUGIN("monoculture", "0.1.0", "MIT", irt_population_method(), irt_fit_method(),
             monoculture_measure_method(), population_sweep_method())
