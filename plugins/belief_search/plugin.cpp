// The belief_search plugin: SDK glue for a Bayesian controller that searches long videos with a
// noisy (simulated) sensor. The science lives in the other files of this folder; this file
// declares the methods against the science's structs and calls the science.
#include <algorithm>
#include <assay/sdk.hpp>
#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "belief.hpp"
#include "checks.hpp"
#include "policy_training.hpp"
#include "search_evaluation.hpp"

namespace {

namespace bs = assay::belief_search;

constexpr const char* kPaper =
    "BeliefSearch: a VLM as a noisy sensor under an external Bayesian controller for long-video "
    "temporal search (seed paper 9)";

// The simulated worlds every method runs on.
struct Episodes {
  bs::EpisodeConfig config;
  std::int64_t count = 1000;
  std::optional<std::int64_t> seed;  // unset: the node's seed
};

// Episode params shared by the methods (on `In::episodes`), so a controller sweep sees the
// same worlds, and the environment's optional realism.
constexpr auto episode_params = [](auto& m) {
  m.param(
       [](auto& s) -> auto& { return s.episodes.config.segments; }, "segments",
       "K, number of video segments", assay::range(2, 4096))
      .param(
          [](auto& s) -> auto& { return s.episodes.config.prior_quality; }, "prior_quality",
          "scale of the question prior's logits (0: uniform prior)", assay::range(0, 20))
      .param(
          [](auto& s) -> auto& { return s.episodes.config.sensor.true_positive_rate; },
          "true_positive_rate", "P(detect | segment holds the answer)", assay::range(0, 1))
      .param(
          [](auto& s) -> auto& { return s.episodes.config.sensor.false_positive_rate; },
          "false_positive_rate", "P(detect | segment does not)", assay::range(0, 1))
      .param(
          [](auto& s) -> auto& { return s.episodes.config.preview_accuracy; }, "preview_accuracy",
          "accuracy of the answer guessed from the preview frames alone", assay::range(0, 1))
      .param(
          [](auto& s) -> auto& { return s.episodes.count; }, "episodes", "number of episodes",
          assay::range(1, 1e7))
      .param(
          [](auto& s) -> auto& { return s.episodes.seed; }, "episode_seed",
          "seed of the episodes and sensor noise (unset: the node's seed); equal seeds give "
          "every searcher the same worlds",
          assay::range(0, 1e9))
      .param(
          [](auto& s) -> auto& { return s.episodes.config.answer_span; }, "answer_span",
          "the answer occupies this many consecutive segments from its start (clipped at the "
          "video's end); answering any of them is correct",
          assay::range(1, 4096))
      .param(
          [](auto& s) -> auto& { return s.episodes.config.sensor.graded; }, "graded_confidence",
          "the detector also reports a confidence score N(mu, 1), mu = Phi^-1(rate), whose "
          "sign is the detection; the controller updates on the score");
};

void require_graded_rates(const char* key, double rate) {
  if (rate <= 0 || rate >= 1)
    throw assay::Error(std::string(key) + ": " + std::to_string(rate) +
                       " has no graded score model; give 0 < rate < 1 with graded_confidence");
}

// The episode config, checked where the params' own ranges cannot: against each other.
const bs::EpisodeConfig& checked(const bs::EpisodeConfig& config) {
  if (config.answer_span > config.segments)
    throw assay::Error("answer_span: " + std::to_string(config.answer_span) +
                       " exceeds segments; give at most " + std::to_string(config.segments));
  if (config.sensor.graded) {
    require_graded_rates("true_positive_rate", config.sensor.true_positive_rate);
    require_graded_rates("false_positive_rate", config.sensor.false_positive_rate);
  }
  return config;
}

std::uint64_t seed_of(const Episodes& episodes, const assay::Context& ctx) {
  return episodes.seed ? static_cast<std::uint64_t>(*episodes.seed) : ctx.seed();
}

// ---------------------------------------------------------------- video_search_env

struct EnvSettings {
  Episodes episodes;
};

struct EnvEpisode {
  int answer_segment = 0;
  double prior_on_answer = 0, prior_entropy = 0;
  bool preview_correct = false;
};

struct EnvSummary {
  double prior_top1_accuracy = 0, mean_prior_entropy = 0, preview_accuracy_observed = 0;
  double detector_auc = 0;
  Eigen::MatrixXd priors;
  std::vector<EnvEpisode> episodes;
};

// The detector's discrimination: the area under its ROC curve.
double detector_auc(const bs::SensorModel& sensor) {
  if (!sensor.graded) return (1 + sensor.true_positive_rate - sensor.false_positive_rate) / 2;
  const double d = bs::detector_score_mean(sensor.true_positive_rate) -
                   bs::detector_score_mean(sensor.false_positive_rate);
  return 0.5 * std::erfc(-d / 2);
}

EnvSummary video_search_env(const EnvSettings& s, assay::Context& ctx) {
  const auto& config = checked(s.episodes.config);
  const auto n = s.episodes.count;
  EnvSummary out;
  out.priors.resize(n, config.segments);
  double top1 = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto e = bs::sample_episode(config, seed_of(s.episodes, ctx), i);
    out.priors.row(i) = e.prior.transpose();
    Eigen::Index top = 0;
    e.prior.maxCoeff(&top);
    top1 += top == e.answer_segment;
    out.episodes.push_back(
        {e.answer_segment, e.prior(e.answer_segment), bs::entropy(e.prior), e.preview_correct});
  }
  double mean_h = 0, preview_hits = 0;
  for (const auto& e : out.episodes) mean_h += e.prior_entropy, preview_hits += e.preview_correct;
  out.prior_top1_accuracy = top1 / n;
  out.mean_prior_entropy = mean_h / n;
  out.preview_accuracy_observed = preview_hits / n;
  out.detector_auc = detector_auc(config.sensor);
  return out;
}

assay::MethodExport video_search_env_method() {
  using E = EnvSummary;
  using Row = EnvEpisode;
  return assay::method<EnvSettings, E>(
             "video_search_env",
             "Simulated long-video episodes: answer segment drawn from a question prior, noisy "
             "detector, preview guess")
      .with(episode_params)
      .cite(kPaper)
      .output(&E::prior_top1_accuracy, "prior_top1_accuracy",
              "P(argmax of the prior holds the answer)")
      .output(&E::mean_prior_entropy, "mean_prior_entropy", "mean entropy of the prior (nats)")
      .output(&E::preview_accuracy_observed, "preview_accuracy_observed",
              "fraction of correct preview guesses")
      .output(&E::detector_auc, "detector_auc",
              "P(score on an answer segment > score elsewhere): 1 - Phi(-d/sqrt 2) graded, "
              "(1 + TPR - FPR) / 2 binary")
      .output(&E::priors, "priors", "episodes x K question priors")
      .output(&E::episodes, "episodes",
              "per episode: answer_segment, prior_on_answer, prior_entropy, preview_correct",
              assay::columns<Row>()
                  .column(&Row::answer_segment, "answer_segment")
                  .column(&Row::prior_on_answer, "prior_on_answer")
                  .column(&Row::prior_entropy, "prior_entropy")
                  .column(&Row::preview_correct, "preview_correct"))
      .run(video_search_env);
}

// ---------------------------------------------------------------- belief_controller

struct ControllerSettings {
  Episodes episodes;
  bs::SearchSettings search;  // its belief_model is the true sensor unless a model rate is set
  // The rates the controller assumes; -1: the true one. A sentinel rather than an optional
  // param on purpose: a sweep (belief_search_misspecified.toml) must give "the true rate" as
  // one of its values, and a sweep axis has no "unset" value.
  double model_true_positive_rate = -1, model_false_positive_rate = -1;
  std::int64_t trace_episodes = 20;
};

struct TracedLook {
  std::int64_t episode = 0, step = 0;
  bs::TraceStep look;
};

struct ControllerSummary {
  bs::SearchSummary summary;
  double confident_stop_rate = 0;
  std::vector<bs::EpisodeOutcome> episodes;
  std::vector<TracedLook> traces;
};

double or_true(double assumed, double truth) { return assumed < 0 ? truth : assumed; }

bs::SearchSettings search_settings(const ControllerSettings& s) {
  const auto& sensor = s.episodes.config.sensor;
  auto settings = s.search;
  settings.belief_model = {or_true(s.model_true_positive_rate, sensor.true_positive_rate),
                           or_true(s.model_false_positive_rate, sensor.false_positive_rate),
                           sensor.graded};
  if (settings.belief_model.graded) {
    require_graded_rates("model_true_positive_rate", settings.belief_model.true_positive_rate);
    require_graded_rates("model_false_positive_rate", settings.belief_model.false_positive_rate);
  }
  return settings;
}

std::vector<TracedLook> traced_looks(const std::vector<bs::EpisodeOutcome>& outcomes,
                                     std::int64_t traced) {
  std::vector<TracedLook> looks;
  for (std::int64_t i = 0; i < std::min<std::int64_t>(traced, outcomes.size()); ++i) {
    const auto& trace = outcomes[i].trace;
    for (std::size_t t = 0; t < trace.size(); ++t)
      looks.push_back({i, static_cast<std::int64_t>(t), trace[t]});
  }
  return looks;
}

ControllerSummary belief_controller(const ControllerSettings& s, assay::Context& ctx) {
  const auto& config = checked(s.episodes.config);
  const auto settings = search_settings(s);
  const auto n = s.episodes.count;
  ControllerSummary out;
  out.episodes.resize(static_cast<std::size_t>(n));
  bs::EpisodeRunner runner(config, settings);
  constexpr std::int64_t kChunk = 1024;  // episodes between cancellation polls
  for (std::int64_t i = 0; i < n; i += kChunk) {
    ctx.throw_if_cancelled(), ctx.progress(static_cast<double>(i) / n);
    runner.run(seed_of(s.episodes, ctx), i, std::min(kChunk, n - i), s.trace_episodes,
               out.episodes);
  }
  out.summary = bs::summarise(out.episodes);
  out.confident_stop_rate = static_cast<double>(out.summary.confident_stops) / n;
  out.traces = traced_looks(out.episodes, s.trace_episodes);
  return out;
}

std::vector<std::pair<std::string, bs::Searcher>> searcher_options() {
  std::vector<std::pair<std::string, bs::Searcher>> options;
  for (const auto& name : bs::searcher_names())
    options.emplace_back(name, bs::searcher_from_name(name));
  return options;
}

assay::MethodExport belief_controller_method() {
  using S = ControllerSettings;
  using C = ControllerSummary;
  using O = bs::EpisodeOutcome;
  using T = TracedLook;
  return assay::method<S, C>(
             "belief_controller",
             "Bayesian search controller (information-gain looks, threshold stopping) or a "
             "belief-free baseline, on simulated episodes")
      .with(episode_params)
      .cite(kPaper)
      .choice(
          [](S & s) -> auto& { return s.search.searcher; }, "controller", searcher_options(),
          "who navigates: the Bayesian controller or a baseline")
      .param(
          [](S & s) -> auto& { return s.search.frame_budget; }, "frame_budget",
          "maximum frames per episode", assay::range(0, 1e6))
      .param(
          [](S & s) -> auto& { return s.search.stop_threshold; }, "stop_threshold",
          "stop when the top belief reaches this", assay::range(0, 1))
      .param(
          [](S & s) -> auto& { return s.search.entropy_floor; }, "entropy_floor",
          "or when the belief's entropy falls to this (nats)", assay::at_least(0))
      .param(&S::model_true_positive_rate, "model_true_positive_rate",
             "TPR the controller assumes (-1: the true one)", assay::range(-1, 1))
      .param(&S::model_false_positive_rate, "model_false_positive_rate",
             "FPR the controller assumes (-1: the true one)", assay::range(-1, 1))
      .param(&S::trace_episodes, "trace_episodes", "episodes whose per-look traces are output",
             assay::range(0, 1e6))
      .output(
          [](C & c) -> auto& { return c.summary.accuracy; }, "accuracy",
          "fraction of episodes answered correctly")
      .output(
          [](C & c) -> auto& { return c.summary.accuracy_se; }, "accuracy_se",
          "binomial standard error of accuracy")
      .output(
          [](C & c) -> auto& { return c.summary.mean_frames; }, "mean_frames",
          "mean frames looked at per episode")
      .output(
          [](C & c) -> auto& { return c.summary.frames_se; }, "frames_se",
          "standard error of mean_frames")
      .output(
          [](C & c) -> auto& { return c.summary.mean_entropy_reduction; }, "mean_entropy_reduction",
          "mean prior entropy - final entropy (nats)")
      .output(&C::confident_stop_rate, "confident_stop_rate",
              "fraction of episodes stopped by the stop rule")
      .output(
          [](C & c) -> auto& { return c.summary.confident_accuracy; }, "confident_accuracy",
          "accuracy among confident stops")
      .output(&C::episodes, "episodes",
              "per episode: frames, correct, final_top_belief, initial_entropy, final_entropy",
              assay::columns<O>()
                  .column(&O::frames, "frames")
                  .column(&O::correct, "correct")
                  .column(&O::final_top_belief, "final_top_belief")
                  .column(&O::initial_entropy, "initial_entropy")
                  .column(&O::final_entropy, "final_entropy"))
      .output(&C::traces, "traces",
              "per look of the first trace_episodes episodes: episode, step, segment, detected, "
              "top_belief, entropy",
              assay::columns<T>()
                  .column(&T::episode, "episode")
                  .column(&T::step, "step")
                  .column(
                      [](const T& t) -> auto& { return t.look.segment; }, "segment")
                  .column(
                      [](const T& t) -> auto& { return t.look.detected; }, "detected")
                  .column(
                      [](const T& t) -> auto& { return t.look.top_belief; }, "top_belief")
                  .column(
                      [](const T& t) -> auto& { return t.look.entropy; }, "entropy"))
      .claims(bs::checks::belief_controller_claims())
      .run(belief_controller);
}

// ---------------------------------------------------------------- search_policy_training

struct TrainingSettings {
  Episodes episodes;
  bs::TrainingConfig training;  // its env is `episodes.config`
};

struct TrainedPolicy {
  bs::PolicyEvaluation evaluation;
  Eigen::VectorXd weights;
  std::vector<bs::TrainingStep> history;
};

TrainedPolicy search_policy_training(const TrainingSettings& s, assay::Context& ctx) {
  auto config = s.training;
  config.env = checked(s.episodes.config);
  auto r = bs::train_search_policy(config, seed_of(s.episodes, ctx), s.episodes.count);
  return {r.final_evaluation, Eigen::VectorXd(r.weights), std::move(r.history)};
}

assay::MethodExport search_policy_training_method() {
  using S = TrainingSettings;
  using P = TrainedPolicy;
  using H = bs::TrainingStep;
  return assay::method<S, P>("search_policy_training",
                             "REINFORCE on a small look/stop policy with the ungated reward or "
                             "entropy-reduction credit and an entropy-gated final reward")
      .with(episode_params)
      .cite(kPaper)
      .choice(
          [](S & s) -> auto& { return s.training.gated; }, "reward",
          std::vector<std::pair<std::string, bool>>{{"gated", true}, {"ungated", false}},
          "gated: per-turn entropy credit and entropy-gated final reward; ungated: "
          "correctness minus frame cost")
      .param(
          [](S & s) -> auto& { return s.training.frame_budget; }, "frame_budget",
          "maximum frames per episode", assay::range(1, 1e6))
      .param(
          [](S & s) -> auto& { return s.training.frame_cost; }, "frame_cost",
          "reward cost per frame", assay::at_least(0))
      .param(
          [](S & s) -> auto& { return s.training.credit_weight; }, "credit_weight",
          "reward per nat of entropy a turn removes (gated)", assay::at_least(0))
      .param(
          [](S & s) -> auto& { return s.training.gate_fraction; }, "gate_fraction",
          "final reward only if search removed this share of the prior entropy", assay::range(0, 1))
      .param(
          [](S & s) -> auto& { return s.training.iterations; }, "iterations",
          "policy-gradient iterations", assay::range(1, 1e6))
      .param(
          [](S & s) -> auto& { return s.training.batch; }, "batch", "episodes per iteration",
          assay::range(1, 1e6))
      .param(
          [](S & s) -> auto& { return s.training.learning_rate; }, "learning_rate", "step size",
          assay::range(0, 1e3))
      .output(
          [](P & p) -> auto& { return p.evaluation.accuracy; }, "accuracy",
          "accuracy of the trained policy on `episodes` fresh episodes")
      .output(
          [](P & p) -> auto& { return p.evaluation.mean_frames; }, "mean_frames",
          "mean frames of the trained policy")
      .output(
          [](P & p) -> auto& { return p.evaluation.skip_rate; }, "skip_rate",
          "fraction answered from the preview without search")
      .output(
          [](P & p) -> auto& { return p.evaluation.mean_return; }, "mean_return",
          "mean return of the trained policy")
      .output(&P::weights, "weights", "linear softmax policy weights")
      .output(&P::history, "history",
              "per iteration: mean_return, accuracy, mean_frames, skip_rate",
              assay::columns<H>()
                  .column(
                      [](const H& h) -> auto& { return h.batch.mean_return; }, "mean_return")
                  .column(
                      [](const H& h) -> auto& { return h.batch.accuracy; }, "accuracy")
                  .column(
                      [](const H& h) -> auto& { return h.batch.mean_frames; }, "mean_frames")
                  .column(
                      [](const H& h) -> auto& { return h.batch.skip_rate; }, "skip_rate"))
      .claims(bs::checks::search_policy_training_claims())
      .run(search_policy_training);
}

}  // namespace

ASSAY_PLUGIN("belief_search", "0.1.0", "MIT", video_search_env_method(), belief_controller_method(),
             search_policy_training_method())
