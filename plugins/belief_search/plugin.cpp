// The belief_search plugin: SDK glue for a Bayesian controller that searches long videos with a
// noisy (simulated) sensor. The science lives in the other files of this folder; this file
// declares the methods, reads their params, calls the science and writes outputs.
#include <algorithm>
#include <assay/sdk.hpp>
#include <cmath>
#include <string>

#include "belief.hpp"
#include "checks.hpp"
#include "policy_training.hpp"
#include "search_evaluation.hpp"

namespace {

namespace bs = assay::belief_search;

constexpr const char* kPaper =
    "BeliefSearch: a VLM as a noisy sensor under an external Bayesian controller for long-video "
    "temporal search (seed paper 9)";

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

// The environment's optional realism, on every method.
assay::MethodInfo with_detector_params(assay::MethodInfo info) {
  return info
      .param<int>("answer_span", 1,
                  "the answer occupies this many consecutive segments from its start (clipped "
                  "at the video's end); answering any of them is correct",
                  assay::range(1, 4096))
      .param<bool>("graded_confidence", false,
                   "the detector also reports a confidence score N(mu, 1), mu = Phi^-1(rate), "
                   "whose sign is the detection; the controller updates on the score");
}

void require_graded_rates(const char* key, double rate) {
  if (rate <= 0 || rate >= 1)
    throw assay::Error(std::string(key) + ": " + std::to_string(rate) +
                       " has no graded score model; give 0 < rate < 1 with graded_confidence");
}

bs::EpisodeConfig episode_config(const assay::Context& ctx) {
  return {ctx.param<int>("segments"),
          ctx.param<double>("prior_quality"),
          {ctx.param<double>("true_positive_rate"), ctx.param<double>("false_positive_rate")},
          ctx.param<double>("preview_accuracy")};
}

bs::EpisodeConfig episode_config_with_detector(const assay::Context& ctx) {
  auto config = episode_config(ctx);
  config.answer_span = ctx.param<int>("answer_span");
  if (config.answer_span > config.segments)
    throw assay::Error("answer_span: " + std::to_string(config.answer_span) +
                       " exceeds segments; give at most " + std::to_string(config.segments));
  config.sensor.graded = ctx.param<bool>("graded_confidence");
  if (config.sensor.graded) {
    require_graded_rates("true_positive_rate", config.sensor.true_positive_rate);
    require_graded_rates("false_positive_rate", config.sensor.false_positive_rate);
  }
  return config;
}

std::uint64_t episode_seed(const assay::Context& ctx) {
  const auto s = ctx.param<std::int64_t>("episode_seed");
  return s < 0 ? ctx.seed() : static_cast<std::uint64_t>(s);
}

// ---------------------------------------------------------------- video_search_env

assay::MethodInfo video_search_env_info() {
  return with_detector_params(with_episode_params(assay::method(
                                  "video_search_env",
                                  "Simulated long-video episodes: answer segment drawn from a "
                                  "question prior, noisy detector, preview guess")))
      .cite(kPaper)
      .output<double>("prior_top1_accuracy", "P(argmax of the prior holds the answer)")
      .output<double>("mean_prior_entropy", "mean entropy of the prior (nats)")
      .output<double>("preview_accuracy_observed", "fraction of correct preview guesses")
      .output<double>("detector_auc",
                      "P(score on an answer segment > score elsewhere): 1 - Phi(-d/sqrt 2) graded, "
                      "(1 + TPR - FPR) / 2 binary")
      .output<Eigen::MatrixXd>("priors", "episodes x K question priors")
      .output<assay::Table>("episodes",
                            "per episode: answer_segment, prior_on_answer, "
                            "prior_entropy, preview_correct");
}

// The detector's discrimination: the area under its ROC curve.
double detector_auc(const bs::SensorModel& sensor) {
  if (!sensor.graded) return (1 + sensor.true_positive_rate - sensor.false_positive_rate) / 2;
  const double d = bs::detector_score_mean(sensor.true_positive_rate) -
                   bs::detector_score_mean(sensor.false_positive_rate);
  return 0.5 * std::erfc(-d / 2);
}

void video_search_env(assay::Context& ctx) {
  const auto config = episode_config_with_detector(ctx);
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
  ctx.output("detector_auc", detector_auc(config.sensor));
  ctx.output("priors", std::move(priors));
  assay::Table table;
  table.add("answer_segment", answer)
      .add("prior_on_answer", on_answer)
      .add("prior_entropy", prior_entropy)
      .add("preview_correct", preview);
  ctx.output("episodes", std::move(table));
}

// ---------------------------------------------------------------- belief_controller

assay::MethodInfo belief_controller_info() {
  return with_detector_params(with_episode_params(assay::method(
                                  "belief_controller",
                                  "Bayesian search controller (information-gain looks, threshold "
                                  "stopping) or a belief-free baseline, on simulated episodes")))
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
             bs::checks::bayes_update_equals_enumeration)
      .check("calibrated_at_threshold",
             "Stopping when the top belief reaches tau = 0.9 gives accuracy >= tau when the "
             "sensor model is right (within 3 binomial SE); the misspecified loss is reported.",
             bs::checks::calibrated_at_threshold)
      .check("fewer_frames_at_equal_accuracy",
             "At the accuracy each baseline reaches, the controller needs fewer frames "
             "(paper: 5-13x fewer than RL search baselines).",
             bs::checks::fewer_frames_at_equal_accuracy)
      .check("more_accurate_at_equal_frames",
             "At the frames each baseline uses, the controller is at least as accurate "
             "(paper: up to +8.8 points).",
             bs::checks::more_accurate_at_equal_frames)
      .check("exact_value_matches_simulation",
             "The exact recursion over observation histories gives the controller's expected "
             "frames that simulation measures.",
             bs::checks::exact_value_matches_simulation)
      .check("information_gain_vs_optimal",
             "For K = 6 the information-gain controller's expected frames are compared with the "
             "exact optimal look policy by dynamic programming (ratio >= 1, reported).",
             bs::checks::information_gain_vs_optimal);
}

double or_true(double assumed, double truth) { return assumed < 0 ? truth : assumed; }

void belief_controller(assay::Context& ctx) {
  const auto config = episode_config_with_detector(ctx);
  bs::SearchSettings settings;
  settings.searcher = bs::searcher_from_name(ctx.param<std::string>("controller"));
  settings.frame_budget = ctx.param<int>("frame_budget");
  settings.stop_threshold = ctx.param<double>("stop_threshold");
  settings.entropy_floor = ctx.param<double>("entropy_floor");
  settings.belief_model = {
      or_true(ctx.param<double>("model_true_positive_rate"), config.sensor.true_positive_rate),
      or_true(ctx.param<double>("model_false_positive_rate"), config.sensor.false_positive_rate),
      config.sensor.graded};
  if (settings.belief_model.graded) {
    require_graded_rates("model_true_positive_rate", settings.belief_model.true_positive_rate);
    require_graded_rates("model_false_positive_rate", settings.belief_model.false_positive_rate);
  }
  const auto n = ctx.param<std::int64_t>("episodes");
  const auto traced = ctx.param<std::int64_t>("trace_episodes");
  std::vector<bs::EpisodeOutcome> outcomes(static_cast<std::size_t>(n));
  bs::EpisodeRunner runner(config, settings);
  constexpr std::int64_t kChunk = 1024;  // episodes between cancellation polls
  for (std::int64_t i = 0; i < n; i += kChunk) {
    ctx.throw_if_cancelled(), ctx.progress(static_cast<double>(i) / n);
    runner.run(episode_seed(ctx), i, std::min(kChunk, n - i), traced, outcomes);
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

assay::MethodInfo search_policy_training_info() {
  return with_detector_params(
             with_episode_params(
                 assay::method("search_policy_training",
                               "REINFORCE on a small look/stop policy with the ungated reward or "
                               "entropy-reduction credit and an entropy-gated final reward")))
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
             bs::checks::ungated_reward_skips_search)
      .check("gated_reward_keeps_searching",
             "With entropy credit and the entropy-gated final reward the policy keeps searching "
             "and beats the preview accuracy by more than 4 SE.",
             bs::checks::gated_reward_keeps_searching);
}

void search_policy_training(assay::Context& ctx) {
  bs::TrainingConfig c;
  c.env = episode_config_with_detector(ctx);
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
