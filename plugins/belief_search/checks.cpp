// The plugin's checks: each runs the science on the paper's claim and compares the measured
// number with the claim under a tolerance from standard errors or a closed form.
#include "checks.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "belief.hpp"
#include "exact_search_value.hpp"
#include "paper_claims.hpp"
#include "policy_training.hpp"
#include "search_evaluation.hpp"
#include "seed_fraction.hpp"

namespace assay::belief_search::checks {
namespace {

namespace bs = assay::belief_search;

// The operating point the checks use: 16 segments, a moderately informative question.
bs::EpisodeConfig check_config() { return {16, 1.0, {0.8, 0.1}, 0.4}; }

std::string describe_baselines(const bs::FrontierComparison& f) {
  std::ostringstream d;
  for (const auto& b : f.baselines)
    d << b.baseline << ": " << b.summary.mean_frames << " frames, accuracy " << b.summary.accuracy
      << ", frames ratio " << b.frames_ratio << ", accuracy gain " << b.accuracy_gain << "; ";
  d << "paper: 5-13x fewer frames, up to +8.8 points";
  return d.str();
}

Eigen::VectorXd small_prior() {
  Eigen::VectorXd p(6);
  p << 0.3, 0.25, 0.15, 0.15, 0.1, 0.05;
  return p;
}

std::string describe_training(const bs::PolicyEvaluation& e) {
  std::ostringstream d;
  d << "accuracy " << e.accuracy << ", frames " << e.mean_frames << ", skip rate " << e.skip_rate;
  return d.str();
}

constexpr std::int64_t kCheckEvaluationEpisodes = 2000;

bs::FrontierComparison check_frontier(std::uint64_t seed) {
  const auto config = check_config();
  return bs::compare_with_baselines(config, {0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99}, 64,
                                    config.segments, 1500, seed);
}

bs::TrainingConfig training_check_config(bool gated) {
  bs::TrainingConfig c;
  c.env = check_config();
  c.gated = gated;
  return c;
}

CheckResult bayes_update_equals_enumeration(const CheckContext& ctx) {
  const double err = bs::max_update_error_vs_enumeration(ctx.seed, 200);
  return assay::expect_at_most(err, 1e-12,
                               "max |sequential - enumerated posterior| over 200 histories x 12 "
                               "looks, K in 2..8");
}

CheckResult calibrated_at_threshold(const CheckContext& ctx) {
  const auto r = bs::calibration_at_threshold(check_config(), 0.9, {0.95, 0.02}, 2000, ctx.seed);
  const auto& w = r.well_specified;
  std::ostringstream d;
  d << "accuracy among " << w.confident_stops << " confident stops at tau = 0.9, plus 3 SE ("
    << w.confident_accuracy_se << "); misspecified (assumed TPR 0.95, FPR 0.02, true 0.8, 0.1): "
    << "accuracy " << r.misspecified.accuracy << " vs " << w.accuracy << ", frames "
    << r.misspecified.mean_frames << " vs " << w.mean_frames;
  return assay::expect_at_least(w.confident_accuracy + 3 * w.confident_accuracy_se, 0.9, d.str());
}

CheckResult fewer_frames_at_equal_accuracy(const CheckContext& ctx) {
  const auto f = check_frontier(ctx.seed);
  double worst = INFINITY;
  for (const auto& b : f.baselines) worst = std::min(worst, b.frames_ratio);
  return assay::expect_at_least(
      worst, 1.0,
      "smallest baseline/controller frames ratio at equal accuracy; " + describe_baselines(f));
}

CheckResult more_accurate_at_equal_frames(const CheckContext& ctx) {
  const auto f = check_frontier(ctx.seed);
  double worst = INFINITY, tolerance = 0;
  for (const auto& b : f.baselines) {
    if (b.accuracy_gain < worst) {
      worst = b.accuracy_gain;
      // Two independent-looking binomial SEs (paired episodes make this conservative).
      tolerance = 2 * std::sqrt(2.0) * b.summary.accuracy_se;
    }
  }
  return assay::expect_at_least(
      worst + tolerance, 0.0,
      "smallest controller accuracy gain at equal frames, plus 2 SE; " + describe_baselines(f));
}

CheckResult exact_value_matches_simulation(const CheckContext& ctx) {
  const bs::SensorModel sensor{0.8, 0.1};
  const auto exact =
      bs::exact_search_value(small_prior(), sensor, 0.9, 12, bs::LookRule::information_gain);
  bs::SearchSettings settings;
  settings.frame_budget = 12;
  settings.belief_model = sensor;
  std::vector<bs::EpisodeOutcome> outcomes;
  for (int i = 0; i < 4000; ++i)
    outcomes.push_back(bs::run_search(
        bs::sample_episode_with_prior(small_prior(), 0.4, ctx.seed, i), sensor, settings));
  const auto s = bs::summarise(outcomes);
  return assay::expect_near(s.mean_frames, exact.expected_frames, 4 * s.frames_se,
                            "simulated mean frames (4000 episodes, 4 SE) vs exact recursion, "
                            "K = 6, tau = 0.9, budget 12");
}

CheckResult information_gain_vs_optimal(const CheckContext&) {
  const bs::SensorModel sensor{0.8, 0.1};
  const auto ig =
      bs::exact_search_value(small_prior(), sensor, 0.9, 12, bs::LookRule::information_gain);
  const auto opt = bs::exact_search_value(small_prior(), sensor, 0.9, 12, bs::LookRule::optimal);
  std::ostringstream d;
  d << "E[frames] information gain " << ig.expected_frames << " (accuracy " << ig.accuracy
    << ") / optimal DP " << opt.expected_frames << " (accuracy " << opt.accuracy
    << "); K = 6, tau = 0.9, budget 12; the DP must be at least as good";
  return assay::expect_at_least(ig.expected_frames / opt.expected_frames, 1.0 - 1e-9, d.str());
}

// The training claims are about the procedure: over kTrainingSeeds seeds (the check's seed and
// the ones after it) the fraction of runs showing the outcome, bounded below at 95%.
constexpr int kTrainingSeeds = 30;
constexpr double kSeedConfidence = 0.95;

template <class Outcome>
bs::SeedFraction training_outcome_fraction(bool gated, std::uint64_t first_seed, Outcome outcome,
                                           std::string& detail) {
  const auto c = training_check_config(gated);
  const auto runs = bs::train_over_seeds(c, first_seed, kTrainingSeeds, kCheckEvaluationEpisodes);
  std::vector<bool> shown;
  std::ostringstream d, others;
  double lowest = INFINITY, highest = -INFINITY;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    shown.push_back(outcome(runs[i], c.env.preview_accuracy, kCheckEvaluationEpisodes));
    lowest = std::min(lowest, runs[i].accuracy), highest = std::max(highest, runs[i].accuracy);
    if (!shown.back())
      others << " seed " << first_seed + i << ": " << describe_training(runs[i]) << ";";
  }
  const auto f = bs::seed_fraction(shown, kSeedConfidence);
  d << f.successes << " of " << f.runs << " training seeds (" << first_seed << ".."
    << first_seed + kTrainingSeeds - 1 << "), accuracy " << lowest << "-" << highest
    << "; 95% Clopper-Pearson lower bound on the fraction " << f.lower_bound
    << " must reach 1/2; the others:" << (f.successes == f.runs ? " none" : others.str());
  detail = d.str();
  return f;
}

CheckResult ungated_reward_skips_search(const CheckContext& ctx) {
  std::string detail;
  const auto f = training_outcome_fraction(false, ctx.seed, bs::answers_from_preview, detail);
  return assay::expect_at_least(
      f.lower_bound, 0.5,
      "ungated reward: runs whose accuracy is within 4 SE of the preview accuracy; " + detail);
}

CheckResult gated_reward_keeps_searching(const CheckContext& ctx) {
  std::string detail;
  const auto f = training_outcome_fraction(true, ctx.seed, bs::keeps_searching, detail);
  return assay::expect_at_least(
      f.lower_bound, 0.5,
      "gated reward: runs whose accuracy beats the preview accuracy by more than 4 SE; " + detail);
}

}  // namespace

std::vector<Claim> belief_controller_claims() {
  return {{"bayes_update_equals_enumeration",
           "The sequential belief update equals brute-force enumeration over hypotheses.",
           bayes_update_equals_enumeration},
          {"calibrated_at_threshold",
           "Stopping when the top belief reaches tau = 0.9 gives accuracy >= tau when the sensor "
           "model is right (within 3 binomial SE); the misspecified loss is reported.",
           calibrated_at_threshold},
          {"fewer_frames_at_equal_accuracy",
           "At the accuracy each baseline reaches, the controller needs fewer frames (paper: "
           "5-13x fewer than RL search baselines).",
           fewer_frames_at_equal_accuracy},
          {"more_accurate_at_equal_frames",
           "At the frames each baseline uses, the controller is at least as accurate (paper: up "
           "to +8.8 points).",
           more_accurate_at_equal_frames},
          {"exact_value_matches_simulation",
           "The exact recursion over observation histories gives the controller's expected "
           "frames that simulation measures.",
           exact_value_matches_simulation},
          {"information_gain_vs_optimal",
           "For K = 6 the information-gain controller's expected frames are compared with the "
           "exact optimal look policy by dynamic programming (ratio >= 1, reported).",
           information_gain_vs_optimal}};
}

std::vector<Claim> search_policy_training_claims() {
  return {{"ungated_reward_skips_search",
           "With the ungated reward the policy learns to skip search in most training runs: over " +
               std::to_string(kTrainingSeeds) +
               " training seeds, the fraction whose accuracy falls to the preview accuracy "
               "(within 4 binomial SE) has a 95% exact binomial lower bound of at least 1/2.",
           ungated_reward_skips_search},
          {"gated_reward_keeps_searching",
           "With entropy credit and the entropy-gated final reward the policy keeps searching in "
           "most training runs: over " +
               std::to_string(kTrainingSeeds) +
               " training seeds, the fraction whose accuracy beats the preview accuracy by more "
               "than 4 binomial SE has a 95% exact binomial lower bound of at least 1/2.",
           gated_reward_keeps_searching}};
}

}  // namespace assay::belief_search::checks
