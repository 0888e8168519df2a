#include "checks.hpp"

#include <cmath>
#include <string>

#include "paper_claims.hpp"

namespace assay::cil_decentering {
namespace {

constexpr int kMonteCarloPerClass = 4000;  // Monte Carlo draws per class in the checks

std::string fixed(double x) { return std::to_string(x); }

CheckResult check_offset_closed_form(const CheckContext& ctx) {
  const OffsetStudy s = offset_study(ctx.seed, 10, 1000, 1e-5);
  return expect_at_most(
      s.max_abs_t, s.critical_t,
      "max |t| of mean fitted offsets vs Sigma^-1(mean_j - mean_i) over " +
          std::to_string(s.replicates) +
          " training sets (T=C=3, d=4, n=1000/class, l2=1e-5); bound: Bonferroni t quantile at "
          "alpha=0.01; relative error " +
          fixed(s.relative_error) + ", within-block dispersion " + fixed(s.dispersion));
}

CheckResult check_population_exact(const CheckContext& ctx) {
  return expect_near(population_decentering_residual(ctx.seed), 0.0, 1e-10,
                     "max coefficient difference, modulo a common affine shift, between the "
                     "de-centered population sequential head and LDA (T=4, C=3, d=6, cond 20, "
                     "asymmetry 3), relative to the LDA scale; rounding only");
}

CheckResult check_gap_recovered(const CheckContext& ctx) {
  const TrainedStudy s = trained_study(ctx.seed, 500, 1e-4, 3000);
  // "Most of the gap": more than half, by three standard errors of the test-set estimate.
  return expect_at_least(
      s.gap_fraction, 0.5 + 3 * s.gap_standard_error,
      "fraction of the joint-sequential accuracy gap recovered with estimated means and pooled "
      "covariance (T=C=3, d=8, n=500/class, l2=1e-4) vs 1/2 + 3 SE; paper: 0.82-0.94, mean "
      "0.905; accuracies joint " +
          fixed(s.joint_accuracy) + ", sequential " + fixed(s.sequential_accuracy) +
          ", de-centered " + fixed(s.decentered_accuracy) + "; SE " + fixed(s.gap_standard_error));
}

CheckResult check_random_features_gap(const CheckContext& ctx) {
  const RandomFeatureStudy r = random_feature_study(ctx.seed, RandomFeatureSetting{});
  const TrainedStudy& s = r.scores;
  return expect_at_least(
      s.gap_fraction, 3 * s.gap_standard_error,
      "fraction of the gap recovered on 6 spiral arms (T=3, C=2) through a frozen 64-wide random "
      "Fourier backbone (n=300/class, l2=1e-4) vs 0 + 3 SE; paper: 0.82-0.94; accuracies "
      "joint " +
          fixed(s.joint_accuracy) + ", sequential " + fixed(s.sequential_accuracy) +
          ", de-centered " + fixed(s.decentered_accuracy) + "; SE " + fixed(s.gap_standard_error) +
          "; offsets vs plug-in closed form: relative error " + fixed(s.offset_relative_error) +
          ", within-block dispersion " + fixed(s.offset_dispersion) + "; |excess kurtosis| " +
          fixed(r.departure.excess_kurtosis));
}

CheckResult check_bound_when_separated(const CheckContext& ctx) {
  const SeparatedStudy s = separated_study(ctx.seed, kMonteCarloPerClass);
  return expect_at_most(
      s.confusion, s.bound + 3 * s.standard_error,
      "Monte Carlo task confusion of the population sequential head (T=C=3, d=8, random layout "
      "with kappa_min = " +
          fixed(s.kappa_min) + " > 1) vs the union bound sum exp(-(kappa-1)^2 gamma/8), plus 3 SE");
}

CheckResult check_confusion_without_separation(const CheckContext& ctx) {
  const CollinearStudy s = collinear_study(ctx.seed, kMonteCarloPerClass);
  return expect_at_least(
      s.min_sequential_confusion, 0.5 - 3 * s.min_sequential_se,
      "smallest Monte Carlo task confusion of the sequential head over inter-task distances "
      "3..24 in the collinear kappa < 1 construction (T=C=2); a kappa < 1 pair errs with "
      "probability >= 1/2 at any margin");
}

CheckResult check_asymmetry_to_one(const CheckContext& ctx) {
  const AsymmetryStudy s = asymmetry_study(ctx.seed, kMonteCarloPerClass);
  return expect_at_least(
      s.first_task_confusion, 0.95 - 3 * s.standard_error,
      "task confusion of the symmetric task's samples when class 0 of the other task has a 32x "
      "longer offset (T=2, C=3, d=8); claim: tends to 1, checked as >= 0.95 - 3 SE");
}

CheckResult check_decentered_bound(const CheckContext& ctx) {
  const CollinearStudy s = collinear_study(ctx.seed, kMonteCarloPerClass);
  return expect_at_most(
      s.max_decentered_excess, 0.0,
      "largest excess, less 3 SE, of the de-centered head's Monte Carlo task confusion over its "
      "margin bound sum exp(-|mu_i - mu_j|^2/8), on the collinear kappa < 1 construction "
      "(distances 3..24)");
}

CheckResult check_predicts_as_lda(const CheckContext& ctx) {
  // Both heads estimate the same Bayes rule, so their disagreement is estimation noise and
  // must shrink at the n^-1/2 rate: 8x the data, at most 1/sqrt(8) of the disagreement.
  const TrainedStudy small = trained_study(ctx.seed, 250, 1e-5, 2000);
  const TrainedStudy large = trained_study(ctx.seed, 2000, 1e-5, 2000);
  const double se = std::hypot(large.disagreement_se, small.disagreement_se / std::sqrt(8.0));
  return expect_at_most(
      large.decentered_lda_disagreement,
      small.decentered_lda_disagreement / std::sqrt(8.0) + 3 * se,
      "test disagreement between the de-centered head and LDA fitted on the same data at "
      "n=2000/class, bound: n^-1/2 scaling of the n=250 value (" +
          fixed(small.decentered_lda_disagreement) +
          ") plus 3 SE; joint head vs LDA at n=2000: " + fixed(large.joint_lda_disagreement));
}

}  // namespace

std::vector<Claim> random_feature_backbone_claims() {
  return {{"random_features_gap",
           "On a frozen random-feature backbone over non-Gaussian data, where the population "
           "statements hold only approximately, de-centering with estimates still recovers part "
           "of the joint-sequential gap (paper, real backbones: 82-94%).",
           check_random_features_gap}};
}

std::vector<Claim> cil_train_claims() {
  return {{"offset_closed_form",
           "The sequential - joint cross-task offset equals Sigma^-1(mean^(j) - mean^(i)), the "
           "same for all C^2 class pairs of a task block, as l2 -> 0 and n grows.",
           check_offset_closed_form}};
}

std::vector<Claim> decenter_claims() {
  return {{"population_exact",
           "With population quantities, de-centering yields exactly the Bayes-optimal (LDA) "
           "cross-task discriminator.",
           check_population_exact},
          {"gap_recovered",
           "With estimates, de-centering recovers most of the joint-sequential gap (paper: "
           "82-94%, mean 90.5%).",
           check_gap_recovered},
          {"predicts_as_lda",
           "On shared-covariance data the de-centered head predicts as an LDA head does (its "
           "disagreement with LDA vanishes at the sampling rate).",
           check_predicts_as_lda}};
}

std::vector<Claim> task_confusion_bound_claims() {
  return {{"bound_when_separated",
           "For kappa > 1, task confusion is bounded at rate exp(-(kappa-1)^2 gamma_ij / 8).",
           check_bound_when_separated},
          {"confusion_without_separation",
           "When separation fails (kappa < 1), cross-task misclassification stays Omega(1) "
           "whatever the inter-task margin.",
           check_confusion_without_separation},
          {"asymmetry_to_one",
           "With extreme within-task class-norm asymmetry, task confusion tends to 1.",
           check_asymmetry_to_one},
          {"decentered_bound",
           "After de-centering, task confusion obeys a margin bound without the separation "
           "condition.",
           check_decentered_bound}};
}

}  // namespace assay::cil_decentering
