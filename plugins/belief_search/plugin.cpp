// The belief_search plugin: SDK glue for a Bayesian controller that searches long videos with a
// noisy (simulated) sensor. The science lives in the other files of this folder; this file
// declares the methods, reads their params, calls the science and writes outputs.
#include <assay/sdk.hpp>
#include <cmath>
#include <sstream>

#include "belief.hpp"
#include "exact_search_value.hpp"
#include "paper_claims.hpp"
#include "policy_training.hpp"
#include "search_evaluation.hpp"

namespace {

namespace bs = assay::belief_search;

constexpr const char* kPaper =
    "BeliefSearch: a VLM as a noisy sensor under an external Bayesian controller for long-video "
    "temporal search (seed paper 9)";

// The operating point the checks use: 16 segments, a moderately informative question.
bs::EpisodeConfig check_config() { return {16, 1.0, {0.8, 0.1}, 0.4}; }

// Episode params shared by the methods, so a controller sweep sees the same worlds.
assay::MethodInfo with_episode_params(assay::MethodInfo info) {
  return info.param<int>("segments", 16, "K, number of video segments", assay::range(2, 4096))
      .param<double>("prior_quality", 1.0,
                     "scale of the question prior's logits (0: uniform prior)", assay::range(0, 20))
      .param<double>("true_positive_rate", 0.8, "P(detect | segment holds the answer)",
                     assay::range(0, 1))
      .param<double>("false_positive_rate", 0.1, "P(detect | segment does not)", assay::range(0, 1))
      .param<double>("preview_accuracy", 0.4,
                     "accuracy of the answer guessed from the preview frames alone",
                     assay::range(0, 1))
      .param<int>("episodes", 1000, "number of episodes", assay::range(1, 1e7))
      .param<int>("episode_seed", 1,
                  "seed of the episodes and sensor noise (-1: the node's seed); equal seeds "
                  "give every searcher the same worlds",
                  assay::range(-1, 1e9));
}

bs::EpisodeConfig episode_config(const assay::Context& ctx) {
  return {ctx.param<int>("segments"),
          ctx.param<double>("prior_quality"),
          {ctx.param<double>("true_positive_rate"), ctx.param<double>("false_positive_rate")},
          ctx.param<double>("preview_accuracy")};
}

std::uint64_t episode_seed(const assay::Context& ctx) {
  const auto s = ctx.param<std::int64_t>("episode_seed");
  return s < 0 ? ctx.seed() : static_cast<std::uint64_t>(s);
}

// ---------------------------------------------------------------- video_search_env

assay::MethodInfo video_search_env_info() {
  return with_episode_params(
             assay::method("video_search_env",
                           "Simulated long-video episodes: answer segment drawn from a "
                           "question prior, noisy detector, preview guess"))
      .cite(kPaper)
      .output<double>("prior_top1_accuracy", "P(argmax of the prior holds the answer)")
      .output<double>("mean_prior_entropy", "mean entropy of the prior (nats)")
      .output<double>("preview_accuracy_observed", "fraction of correct preview guesses")
      .output<Eigen::MatrixXd>("priors", "episodes x K question priors")
      .output<assay::Table>("episodes",
                            "per episode: answer_segment, prior_on_answer, "
                            "prior_entropy, preview_correct");
}

void video_search_env(assay::Context& ctx) {
  const auto config = episode_config(ctx);
  const auto n = ctx.param<std::int64_t>("episodes");
  Eigen::MatrixXd priors(n, config.segments);
  std::vector<std::int64_t> answer, preview;
  std::vector<double> on_answer, prior_entropy;
  double top1 = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto e = bs::sample_episode(config, episode_seed(ctx), i);
    priors.row(i) = e.prior.transpose();
    Eigen::Index top = 0;
    e.prior.maxCoeff(&top);
    top1 += top == e.answer_segment;
    answer.push_back(e.answer_segment);
    preview.push_back(e.preview_correct);
    on_answer.push_back(e.prior(e.answer_segment));
    prior_entropy.push_back(bs::entropy(e.prior));
  }
  double mean_h = 0, preview_hits = 0;
  for (std::int64_t i = 0; i < n; ++i) mean_h += prior_entropy[i], preview_hits += preview[i];
  ctx.output("prior_top1_accuracy", top1 / n);
  ctx.output("mean_prior_entropy", mean_h / n);
  ctx.output("preview_accuracy_observed", preview_hits / n);
  ctx.output("priors", std::move(priors));
  assay::Table table;
  table.add("answer_segment", answer)
      .add("prior_on_answer", on_answer)
      .add("prior_entropy", prior_entropy)
      .add("preview_correct", preview);
  ctx.output("episodes", std::move(table));
}

// ---------------------------------------------------------------- belief_controller

assay::CheckResult check_enumeration(const assay::CheckContext& ctx) {
  const double err = bs::max_update_error_vs_enumeration(ctx.seed, 200);
  return assay::expect_at_most(err, 1e-12,
                               "max |sequential - enumerated posterior| over 200 histories x 12 "
                               "looks, K in 2..8");
}

assay::CheckResult check_calibration(const assay::CheckContext& ctx) {
  const auto r = bs::calibration_at_threshold(check_config(), 0.9, {0.95, 0.02}, 2000, ctx.seed);
  const auto& w = r.well_specified;
  std::ostringstream d;
  d << "accuracy among " << w.confident_stops << " confident stops at tau = 0.9, minus 3 SE ("
    << w.confident_accuracy_se << "); misspecified (assumed TPR 0.95, FPR 0.02, true 0.8, 0.1): "
    << "accuracy " << r.misspecified.accuracy << " vs " << w.accuracy << ", frames "
    << r.misspecified.mean_frames << " vs " << w.mean_frames;
  return assay::expect_at_least(w.confident_accuracy + 3 * w.confident_accuracy_se, 0.9, d.str());
}

bs::FrontierComparison check_frontier(std::uint64_t seed) {
  const auto config = check_config();
  return bs::compare_with_baselines(config, {0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99}, 64,
                                    config.segments, 1500, seed);
}

std::string describe_baselines(const bs::FrontierComparison& f) {
  std::ostringstream d;
  for (const auto& b : f.baselines)
    d << b.baseline << ": " << b.summary.mean_frames << " frames, accuracy " << b.summary.accuracy
      << ", frames ratio " << b.frames_ratio << ", accuracy gain " << b.accuracy_gain << "; ";
  d << "paper: 5-13x fewer frames, up to +8.8 points";
  return d.str();
}

assay::CheckResult check_fewer_frames(const assay::CheckContext& ctx) {
  const auto f = check_frontier(ctx.seed);
  double worst = INFINITY;
  for (const auto& b : f.baselines) worst = std::min(worst, b.frames_ratio);
  return assay::expect_at_least(
      worst, 1.0,
      "smallest baseline/controller frames ratio at equal accuracy; " + describe_baselines(f));
}

assay::CheckResult check_more_accurate(const assay::CheckContext& ctx) {
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

Eigen::VectorXd small_prior() {
  Eigen::VectorXd p(6);
  p << 0.3, 0.25, 0.15, 0.15, 0.1, 0.05;
  return p;
}

assay::CheckResult check_exact_matches_simulation(const assay::CheckContext& ctx) {
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

assay::CheckResult check_vs_optimal(const assay::CheckContext&) {
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

assay::MethodInfo belief_controller_info() {
  return with_episode_params(
             assay::method("belief_controller",
                           "Bayesian search controller (information-gain looks, threshold "
                           "stopping) or a belief-free baseline, on simulated episodes"))
      .cite(kPaper)
      .choice("controller", "belief_controller", bs::searcher_names(),
              "who navigates: the Bayesian controller or a baseline")
      .param<int>("frame_budget", 64, "maximum frames per episode", assay::range(0, 1e6))
      .param<double>("stop_threshold", 0.9, "stop when the top belief reaches this",
                     assay::range(0, 1))
      .param<double>("entropy_floor", 0.0, "or when the belief's entropy falls to this (nats)",
                     assay::at_least(0))
      .param<double>("model_true_positive_rate", -1,
                     "TPR the controller assumes (-1: the true one)", assay::range(-1, 1))
      .param<double>("model_false_positive_rate", -1,
                     "FPR the controller assumes (-1: the true one)", assay::range(-1, 1))
      .param<int>("trace_episodes", 20, "episodes whose per-look traces are output",
                  assay::range(0, 1e6))
      .output<double>("accuracy", "fraction of episodes answered correctly")
      .output<double>("accuracy_se", "binomial standard error of accuracy")
      .output<double>("mean_frames", "mean frames looked at per episode")
      .output<double>("frames_se", "standard error of mean_frames")
      .output<double>("mean_entropy_reduction", "mean prior entropy - final entropy (nats)")
      .output<double>("confident_stop_rate", "fraction of episodes stopped by the stop rule")
      .output<double>("confident_accuracy", "accuracy among confident stops")
      .output<assay::Table>("episodes",
                            "per episode: frames, correct, final_top_belief, "
                            "initial_entropy, final_entropy")
      .output<assay::Table>("traces",
                            "per look of the first trace_episodes episodes: episode, "
                            "step, segment, detected, top_belief, entropy")
      .check("bayes_update_equals_enumeration",
             "The sequential belief update equals brute-force enumeration over hypotheses.",
             check_enumeration)
      .check("calibrated_at_threshold",
             "Stopping when the top belief reaches tau = 0.9 gives accuracy >= tau when the "
             "sensor model is right (within 3 binomial SE); the misspecified loss is reported.",
             check_calibration)
      .check("fewer_frames_at_equal_accuracy",
             "At the accuracy each baseline reaches, the controller needs fewer frames "
             "(paper: 5-13x fewer than RL search baselines).",
             check_fewer_frames)
      .check("more_accurate_at_equal_frames",
             "At the frames each baseline uses, the controller is at least as accurate "
             "(paper: up to +8.8 points).",
             check_more_accurate)
      .check("exact_value_matches_simulation",
             "The exact recursion over observation histories gives the controller's expected "
             "frames that simulation measures.",
             check_exact_matches_simulation)
      .check("information_gain_vs_optimal",
             "For K = 6 the information-gain controller's expected frames are compared with the "
             "exact optimal look policy by dynamic programming (ratio >= 1, reported).",
             check_vs_optimal);
}

double or_true(double assumed, double truth) { return assumed < 0 ? truth : assumed; }

void belief_controller(assay::Context& ctx) {
  const auto config = episode_config(ctx);
  bs::SearchSettings settings;
  settings.searcher = bs::searcher_from_name(ctx.param<std::string>("controller"));
  settings.frame_budget = ctx.param<int>("frame_budget");
  settings.stop_threshold = ctx.param<double>("stop_threshold");
  settings.entropy_floor = ctx.param<double>("entropy_floor");
  settings.belief_model = {
      or_true(ctx.param<double>("model_true_positive_rate"), config.sensor.true_positive_rate),
      or_true(ctx.param<double>("model_false_positive_rate"), config.sensor.false_positive_rate)};
  const auto n = ctx.param<std::int64_t>("episodes");
  const auto traced = ctx.param<std::int64_t>("trace_episodes");
  std::vector<bs::EpisodeOutcome> outcomes;
  for (std::int64_t i = 0; i < n; ++i) {
    if (i % 256 == 0) ctx.throw_if_cancelled(), ctx.progress(static_cast<double>(i) / n);
    outcomes.push_back(
        bs::run_search(bs::sample_episode(config, episode_seed(ctx), i), config.sensor, settings));
  }
  const auto s = bs::summarise(outcomes);
  ctx.output("accuracy", s.accuracy);
  ctx.output("accuracy_se", s.accuracy_se);
  ctx.output("mean_frames", s.mean_frames);
  ctx.output("frames_se", s.frames_se);
  ctx.output("mean_entropy_reduction", s.mean_entropy_reduction);
  ctx.output("confident_stop_rate", static_cast<double>(s.confident_stops) / n);
  ctx.output("confident_accuracy", s.confident_accuracy);
  std::vector<std::int64_t> frames, correct, t_episode, t_step, t_segment, t_detected;
  std::vector<double> top, h0, h1, t_top, t_entropy;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto& o = outcomes[i];
    frames.push_back(o.frames), correct.push_back(o.correct);
    top.push_back(o.final_top_belief), h0.push_back(o.initial_entropy);
    h1.push_back(o.final_entropy);
    if (i >= traced) continue;
    for (std::size_t t = 0; t < o.trace.size(); ++t) {
      t_episode.push_back(i), t_step.push_back(static_cast<std::int64_t>(t));
      t_segment.push_back(o.trace[t].segment), t_detected.push_back(o.trace[t].detected);
      t_top.push_back(o.trace[t].top_belief), t_entropy.push_back(o.trace[t].entropy);
    }
  }
  assay::Table episodes;
  episodes.add("frames", frames)
      .add("correct", correct)
      .add("final_top_belief", top)
      .add("initial_entropy", h0)
      .add("final_entropy", h1);
  ctx.output("episodes", std::move(episodes));
  assay::Table traces;
  traces.add("episode", t_episode)
      .add("step", t_step)
      .add("segment", t_segment)
      .add("detected", t_detected)
      .add("top_belief", t_top)
      .add("entropy", t_entropy);
  ctx.output("traces", std::move(traces));
}

// ---------------------------------------------------------------- search_policy_training

bs::TrainingConfig training_check_config(bool gated) {
  bs::TrainingConfig c;
  c.env = check_config();
  c.gated = gated;
  return c;
}

std::string describe_training(const bs::PolicyEvaluation& e) {
  std::ostringstream d;
  d << "accuracy " << e.accuracy << ", frames " << e.mean_frames << ", skip rate " << e.skip_rate;
  return d.str();
}

constexpr std::int64_t kCheckEvaluationEpisodes = 2000;

double binomial_se(double p, std::int64_t n) { return std::sqrt(p * (1 - p) / n); }

assay::CheckResult check_ungated_skips(const assay::CheckContext& ctx) {
  const auto c = training_check_config(false);
  const auto e = bs::train_search_policy(c, ctx.seed, kCheckEvaluationEpisodes).final_evaluation;
  return assay::expect_near(
      e.accuracy, c.env.preview_accuracy,
      4 * binomial_se(c.env.preview_accuracy, kCheckEvaluationEpisodes),
      "ungated policy accuracy vs preview accuracy (4 SE); " + describe_training(e));
}

assay::CheckResult check_gated_searches(const assay::CheckContext& ctx) {
  const auto c = training_check_config(true);
  const auto e = bs::train_search_policy(c, ctx.seed, kCheckEvaluationEpisodes).final_evaluation;
  return assay::expect_at_least(
      e.accuracy - 4 * binomial_se(e.accuracy, kCheckEvaluationEpisodes), c.env.preview_accuracy,
      "gated policy accuracy minus 4 SE vs preview accuracy; " + describe_training(e));
}

assay::MethodInfo search_policy_training_info() {
  return with_episode_params(
             assay::method("search_policy_training",
                           "REINFORCE on a small look/stop policy with the ungated reward or "
                           "entropy-reduction credit and an entropy-gated final reward"))
      .cite(kPaper)
      .choice("reward", "gated", {"gated", "ungated"},
              "gated: per-turn entropy credit and entropy-gated final reward; ungated: "
              "correctness minus frame cost")
      .param<int>("frame_budget", 32, "maximum frames per episode", assay::range(1, 1e6))
      .param<double>("frame_cost", 0.03, "reward cost per frame", assay::at_least(0))
      .param<double>("credit_weight", 0.1, "reward per nat of entropy a turn removes (gated)",
                     assay::at_least(0))
      .param<double>("gate_fraction", 0.5,
                     "final reward only if search removed this share of the prior entropy",
                     assay::range(0, 1))
      .param<int>("iterations", 300, "policy-gradient iterations", assay::range(1, 1e6))
      .param<int>("batch", 64, "episodes per iteration", assay::range(1, 1e6))
      .param<double>("learning_rate", 0.5, "step size", assay::range(0, 1e3))
      .output<double>("accuracy", "accuracy of the trained policy on `episodes` fresh episodes")
      .output<double>("mean_frames", "mean frames of the trained policy")
      .output<double>("skip_rate", "fraction answered from the preview without search")
      .output<double>("mean_return", "mean return of the trained policy")
      .output<Eigen::VectorXd>("weights", "linear softmax policy weights")
      .output<assay::Table>("history",
                            "per iteration: mean_return, accuracy, mean_frames, skip_rate")
      .check("ungated_reward_skips_search",
             "With the ungated reward the policy learns to skip search: accuracy falls to the "
             "preview accuracy (within 4 binomial SE).",
             check_ungated_skips)
      .check("gated_reward_keeps_searching",
             "With entropy credit and the entropy-gated final reward the policy keeps searching "
             "and beats the preview accuracy by more than 4 SE.",
             check_gated_searches);
}

void search_policy_training(assay::Context& ctx) {
  bs::TrainingConfig c;
  c.env = episode_config(ctx);
  c.gated = ctx.param<std::string>("reward") == "gated";
  c.frame_budget = ctx.param<int>("frame_budget");
  c.frame_cost = ctx.param<double>("frame_cost");
  c.credit_weight = ctx.param<double>("credit_weight");
  c.gate_fraction = ctx.param<double>("gate_fraction");
  c.iterations = ctx.param<int>("iterations");
  c.batch = ctx.param<int>("batch");
  c.learning_rate = ctx.param<double>("learning_rate");
  const auto r = bs::train_search_policy(c, episode_seed(ctx), ctx.param<std::int64_t>("episodes"));
  ctx.output("accuracy", r.final_evaluation.accuracy);
  ctx.output("mean_frames", r.final_evaluation.mean_frames);
  ctx.output("skip_rate", r.final_evaluation.skip_rate);
  ctx.output("mean_return", r.final_evaluation.mean_return);
  ctx.output("weights", Eigen::VectorXd(r.weights));
  std::vector<double> ret, acc, frames, skip;
  for (const auto& h : r.history) {
    ret.push_back(h.batch.mean_return), acc.push_back(h.batch.accuracy);
    frames.push_back(h.batch.mean_frames), skip.push_back(h.batch.skip_rate);
  }
  assay::Table history;
  history.add("mean_return", ret)
      .add("accuracy", acc)
      .add("mean_frames", frames)
      .add("skip_rate", skip);
  ctx.output("history", std::move(history));
}

}  // namespace

ASSAY_PLUGIN("belief_search", "0.1.0",
             assay::export_method(video_search_env_info(), video_search_env),
             assay::export_method(belief_controller_info(), belief_controller),
             assay::export_method(search_policy_training_info(), search_policy_training))
