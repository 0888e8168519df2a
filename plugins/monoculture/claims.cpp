#include "claims.hpp"

#include "claim_figures.hpp"
#include "paper_claims.hpp"

namespace assay::monoculture {
namespace {

assay::CheckResult at_least_zero(const ClaimFigure& f) {
  return assay::expect_at_least(f.measured, 0.0, f.detail);
}

assay::CheckResult check_recovery(const assay::CheckContext& c) {
  const ClaimFigure f = recovery_min_correlation(rasch_recovery(c.seed));
  return assay::expect_at_least(f.measured, 0.95, f.detail);
}

assay::CheckResult check_marginal_excess(const assay::CheckContext& c) {
  return at_least_zero(marginal_excess_lower_bound(rasch_population_nulls(c.seed)));
}

assay::CheckResult check_item_null_excess(const assay::CheckContext& c) {
  const ClaimFigure f = item_excess_near_zero(rasch_population_nulls(c.seed));
  return assay::expect_near(f.measured, 0.0, f.tolerance, f.detail);
}

assay::CheckResult check_closed_form(const assay::CheckContext& c) {
  const ClaimFigure f = closed_form_max_z(item_null_closed_form(c.seed));
  return assay::expect_at_most(f.measured, 3.0, f.detail);
}

assay::CheckResult check_planted_detected(const assay::CheckContext& c) {
  return at_least_zero(planted_lowest_bound(planted_monoculture_power(c.seed)));
}

assay::CheckResult check_planted_grows(const assay::CheckContext& c) {
  return at_least_zero(planted_smallest_increase(planted_monoculture_power(c.seed)));
}

assay::CheckResult check_sign_flip(const assay::CheckContext& c) {
  return at_least_zero(sign_flip_margin(population_sign_flip(c.seed)));
}

}  // namespace

std::vector<assay::Claim> irt_fit_claims() {
  return {{"recovers_rasch_parameters",
           "irt_fit recovers simulated abilities and difficulties with correlation >= 0.95 at "
           "1,000 items (100 models)",
           check_recovery}};
}

std::vector<assay::Claim> monoculture_measure_claims() {
  return {
      {"marginal_null_excess_on_rasch",
       "On a pure Rasch population (no shared errors), excess agreement over the marginal null "
       "is clearly positive (95% interval above 0)",
       check_marginal_excess},
      {"item_null_shows_none_on_rasch",
       "On the same pure Rasch population, the 95% interval of excess agreement over the Rasch "
       "item-difficulty null covers 0",
       check_item_null_excess},
      {"item_null_matches_closed_form",
       "For equal-ability models and b ~ N(0, sd_b^2), sd_b in {0.5, 1, 2}, the fitted item-null "
       "agreement matches the one-dimensional integral (max |z| <= 3, SE of the observed "
       "agreement over 2,000 items)",
       check_closed_form},
      {"planted_monoculture_detected",
       "With a planted within-cluster shared-error factor (loading 1, 1.5, 2), the "
       "within-cluster excess over the Rasch item null has a 95% interval above 0",
       check_planted_detected},
      {"planted_monoculture_grows",
       "The measured within-cluster excess grows with the planted strength", check_planted_grows},
  };
}

std::vector<assay::Claim> population_sweep_claims() {
  return {{"excess_sign_depends_on_population",
           "The same pair's excess over the item null is significantly positive with the null "
           "fitted on models that do not share its error factor, and significantly negative "
           "with models that share it more strongly",
           check_sign_flip}};
}

}  // namespace assay::monoculture
