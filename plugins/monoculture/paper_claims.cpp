#include "paper_claims.hpp"

#include <cmath>
#include <random>

#include "pair_groups.hpp"
#include "population.hpp"
#include "population_sweep.hpp"
#include "reference_agreement.hpp"

namespace assay::monoculture {
namespace {

constexpr int kResamples = 400;

MeasureOptions options_for(NullModel null) {
  MeasureOptions o;
  o.null = null;
  o.resamples = kResamples;
  return o;
}

}  // namespace

double correlation(const Eigen::VectorXd& x, const Eigen::VectorXd& y) {
  const Eigen::ArrayXd dx = x.array() - x.mean(), dy = y.array() - y.mean();
  return (dx * dy).sum() / std::sqrt(dx.square().sum() * dy.square().sum());
}

NullComparison rasch_population_nulls(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  PopulationSpec spec;
  spec.models = 20;
  spec.items = 1000;
  spec.difficulty_sd = 1.5;
  const PopulationDraw d = draw_responses(draw_truth(spec, rng), rng);
  const std::vector<PairGroup> groups{all_pairs(spec.models)};
  return {agreement_excess(d.responses, groups, options_for(NullModel::marginal), rng).groups[0],
          agreement_excess(d.responses, groups, options_for(NullModel::rasch), rng).groups[0]};
}

std::vector<ClosedFormRow> item_null_closed_form(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ClosedFormRow> rows;
  for (double sd : {0.5, 1.0, 2.0}) {
    PopulationSpec spec;
    spec.models = 10;
    spec.items = 2000;
    spec.difficulty_sd = sd;
    PopulationTruth truth = draw_truth(spec, rng);
    truth.ability.setZero();  // equal abilities
    const PopulationDraw d = draw_responses(truth, rng);
    const PairGroup group = all_pairs(spec.models);
    const AgreementExcess e =
        agreement_excess(d.responses, {group}, options_for(NullModel::rasch), rng);
    const Eigen::VectorXd per_item =
        observed_agreement_by_item(d.responses, {group}).col(0) / group.pairs();
    const double se = std::sqrt((per_item.array() - per_item.mean()).square().sum() /
                                (per_item.size() - 1) / per_item.size());
    rows.push_back({sd, e.groups[0].expected, rasch_agreement_integral(0, 0, sd), se});
  }
  return rows;
}

std::vector<PowerRow> planted_monoculture_power(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<PowerRow> rows;
  for (double strength : {1.0, 1.5, 2.0}) {
    PopulationSpec spec;
    spec.models = 16;
    spec.items = 1000;
    spec.clusters = 2;
    spec.shared_error = strength;
    const PopulationTruth truth = draw_truth(spec, rng);
    const PopulationDraw draw = draw_responses(truth, rng);
    const AgreementExcess e = agreement_excess(
        draw.responses, {within_cluster_pairs(truth.cluster)}, options_for(NullModel::rasch), rng);
    rows.push_back({strength, e.groups[0]});
  }
  return rows;
}

SubjectivityResult population_sign_flip(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  // Models 0-1 are the targets (loading 1), 2-13 neutral (loading 0), 14-25 amplifiers
  // (loading 2.5); one cluster, so all loaded models share the same error factor.
  PopulationSpec spec;
  spec.models = 26;
  spec.items = 1000;
  PopulationTruth truth = draw_truth(spec, rng);
  for (int m = 0; m < spec.models; ++m)
    truth.shared_error_loading(m) = m < 2 ? 1.0 : m < 14 ? 0.0 : 2.5;
  const PopulationDraw d = draw_responses(truth, rng);
  std::vector<int> items(spec.items), neutral, amplifiers;
  for (int j = 0; j < spec.items; ++j) items[j] = j;
  for (int m = 2; m < 14; ++m) neutral.push_back(m);
  for (int m = 14; m < 26; ++m) amplifiers.push_back(m);
  const MeasureOptions o = options_for(NullModel::rasch);
  return {target_excess(d.responses, {0, 1}, neutral, items, o, rng),
          target_excess(d.responses, {0, 1}, amplifiers, items, o, rng)};
}

RecoveryResult rasch_recovery(std::uint64_t seed, int models, int items) {
  std::mt19937_64 rng(seed);
  PopulationSpec spec;
  spec.models = models;
  spec.items = items;
  const PopulationTruth truth = draw_truth(spec, rng);
  const PopulationDraw d = draw_responses(truth, rng);
  IrtFitOptions o;
  const IrtFit fit = fit_irt(d.responses, o);
  return {correlation(fit.parameters.ability, truth.ability),
          correlation(fit.parameters.difficulty, truth.difficulty)};
}

}  // namespace assay::monoculture
