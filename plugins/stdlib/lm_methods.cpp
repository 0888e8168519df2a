// Glue: the language-model methods' params and ports, and the calls into the science.
#include "lm_methods.hpp"

#include <assay/eigen.hpp>
#include <assay/nn/checkpoint_value.hpp>
#include <assay/nn/generation.hpp>
#include <assay/sdk.hpp>
#include <cmath>
#include <numbers>
#include <sstream>

#include "claims.hpp"
#include "lm_model.hpp"
#include "lm_scoring.hpp"
#include "lm_training.hpp"

namespace assay::stdlib {

namespace {

constexpr std::int64_t large = std::int64_t{1} << 30;

// ---------------------------------------------------------------------------------------------
struct TrainSettings {
  LmTrainOptions options;
  IntArray tokens;
  std::optional<IntArray> validation;
  std::optional<nn::Checkpoint<float>> init;
};

struct LossRow {
  std::int64_t step = 0;
  double train_loss = 0, eval_loss = 0;
};

struct Trained {
  nn::Checkpoint<float> model;
  std::vector<LossRow> losses;
  double final_train_loss = 0;
  std::optional<double> final_eval_loss;
  std::int64_t tokens_seen = 0;
};

Trained lm_train(const TrainSettings& s, Context& ctx) {
  const LmTrainEvents events{[&](double fraction) { ctx.progress(fraction); },
                             [&](long step, double train_loss, double eval_loss) {
                               std::ostringstream line;
                               line << "step " << step << ": train loss " << train_loss
                                    << ", eval loss " << eval_loss;
                               ctx.log(line.str());
                             }};
  std::optional<std::vector<std::int64_t>> validation;
  if (s.validation) validation = s.validation->data;
  auto r = train_lm(s.options, s.tokens.data, validation, s.init, ctx.seed(), events);
  Trained out{std::move(r.model), {}, r.losses.train_loss.back(), std::nullopt, r.tokens_seen};
  for (std::size_t i = 0; i < r.losses.step.size(); ++i)
    out.losses.push_back({r.losses.step[i], r.losses.train_loss[i], r.losses.eval_loss[i]});
  if (validation) out.final_eval_loss = r.losses.eval_loss.back();
  return out;
}

template <class Member>
auto option(Member member) {
  return [member](auto& s) -> auto& { return s.options.*member; };
}
template <class Member>
auto architecture(Member member) {
  return [member](auto& s) -> auto& { return s.options.model.*member; };
}

// The GptConfig params; a continued run takes its architecture from `init` instead.
const auto architecture_params = [](auto& m) {
  using G = nn::GptConfig;
  m.param(architecture(&G::vocab), "vocab", "vocabulary size; 0: 1 + the largest id seen",
          range(0, large))
      .param(architecture(&G::context), "context", "tokens per training window", range(1, 1 << 16))
      .param(architecture(&G::dim), "dim", "model width", range(1, 1 << 14))
      .param(architecture(&G::heads), "heads", "attention heads (divides dim)", range(1, 1 << 10))
      .param(architecture(&G::layers), "layers", "transformer blocks", range(1, 1 << 10))
      .param(architecture(&G::hidden), "hidden", "MLP width; 0: 4 * dim", range(0, 1 << 16))
      .choice(architecture(&G::norm), "norm",
              {{"layer", nn::NormKind::layer}, {"rms", nn::NormKind::rms}},
              "pre-norm kind: LayerNorm or RMSNorm")
      .choice(architecture(&G::mlp), "mlp",
              {{"gelu", nn::MlpKind::gelu}, {"swiglu", nn::MlpKind::swiglu}},
              "MLP kind: GELU or SwiGLU")
      .param(architecture(&G::bias), "bias", "biases on every projection and LayerNorm")
      .param(architecture(&G::learned_positions), "learned_positions",
             "learned positional embeddings (false: none)")
      .param(architecture(&G::tied_unembedding), "tied_unembedding",
             "unembedding = token embedding");
};

const auto optimiser_params = [](auto& m) {
  using O = LmTrainOptions;
  m.param(option(&O::steps), "steps", "optimiser steps of this run", range(1, large))
      .param(option(&O::batch), "batch", "windows per step", range(1, 1 << 16))
      .param(option(&O::lr), "lr", "peak learning rate", range(0, 10))
      .param(option(&O::warmup), "warmup", "linear warmup steps", range(0, large))
      .param(option(&O::schedule_steps), "schedule_steps",
             "step where the cosine reaches min_lr (set it to the total when training is split "
             "over nodes); unset: this run's last step",
             range(1, large))
      .param(option(&O::min_lr), "min_lr", "learning rate at the schedule's end", range(0, 10))
      .param(option(&O::weight_decay), "weight_decay",
             "AdamW decoupled decay, on matrices only (not norms, biases)", range(0, 10))
      .param(option(&O::beta1), "beta1", "Adam first-moment decay", range(0, 0.999999))
      .param(option(&O::beta2), "beta2", "Adam second-moment decay", range(0, 0.999999))
      .param(option(&O::clip), "clip", "max global gradient norm; 0: no clipping", range(0, 1e6))
      .param(option(&O::eval_every), "eval_every",
             "a loss row (and evaluation) every N steps and after the last; 0: the last only",
             range(0, large))
      .param(option(&O::eval_batches), "eval_batches",
             "batches of contiguous validation windows per evaluation", range(1, large));
};

}  // namespace

MethodExport lm_train_method() {
  using T = TrainSettings;
  return method<T, Trained>("lm_train",
                            "Next-token training of a GPT on a token array (AdamW, warmup-cosine, "
                            "clipping); continues exactly from a linked checkpoint")
      .with(architecture_params)
      .with(optimiser_params)
      .input(&T::tokens, "tokens", "training token ids (e.g. char_tokenizer.train_ids)")
      .input(&T::validation, "validation",
             "held-out token ids for eval_loss; unconnected: no evaluation")
      .input(&T::init, "init",
             "a checkpoint to continue: its architecture (the architecture params are then "
             "ignored), weights, optimiser state, step count and batch stream")
      .output(&Trained::model, "model",
              "checkpoint: config, params, AdamW state and training {batch_seed, steps, "
              "tokens_seen}")
      .output(&Trained::losses, "losses",
              "one row per evaluation: step, mean train loss since the previous row, eval loss "
              "(NaN without validation), nats per token",
              columns<LossRow>()
                  .column(&LossRow::step, "step")
                  .column(&LossRow::train_loss, "train_loss")
                  .column(&LossRow::eval_loss, "eval_loss"))
      .output(&Trained::final_train_loss, "final_train_loss", "train_loss of the last row")
      .output(&Trained::final_eval_loss, "final_eval_loss",
              "eval_loss of the last row; absent without validation")
      .output(&Trained::tokens_seen, "tokens_seen",
              "training tokens over this run and the runs it continues")
      .claims(lm_train_claims())
      .run(lm_train);
}

namespace {

// ---------------------------------------------------------------------------------------------
struct EvalSettings {
  nn::Checkpoint<float> model;
  IntArray tokens;
  std::int64_t batch = 16;
  std::int64_t max_windows = 256;
};

struct Evaluated {
  double loss = 0, bits_per_token = 0;
  Eigen::MatrixXd token_logprobs;
};

Evaluated lm_eval(const EvalSettings& s) {
  const LanguageModel model(s.model, "model");
  const auto scores =
      score_windows(model.gpt(), checked_tokens(s.tokens.data, model.config().vocab, "tokens"),
                    s.batch, s.max_windows);
  return {scores.loss, scores.loss / std::numbers::ln2, scores.logprobs};
}

}  // namespace

MethodExport lm_eval_method() {
  using E = EvalSettings;
  return method<E, Evaluated>("lm_eval",
                              "Next-token loss of a checkpoint on a token array, over "
                              "non-overlapping windows of its context")
      .param(&E::batch, "batch", "windows per forward pass", range(1, 1 << 16))
      .param(&E::max_windows, "max_windows", "evaluate at most this many windows (the first)",
             range(1, large))
      .input(&E::model, "model", "checkpoint (lm_train.model)")
      .input(&E::tokens, "tokens", "token ids to score, at least context + 1")
      .output(&Evaluated::loss, "loss", "mean negative log-likelihood, nats per token")
      .output(&Evaluated::bits_per_token, "bits_per_token", "loss / ln 2")
      .output(&Evaluated::token_logprobs, "token_logprobs",
              "windows x context: log p(next token | its window's prefix), nats")
      .run(lm_eval);
}

namespace {

// ---------------------------------------------------------------------------------------------
struct GenerateSettings {
  nn::Checkpoint<float> model;
  IntArray prompt;
  nn::DecodeOptions options;
  std::int64_t samples = 4;
};

struct Generated {
  IntArray tokens;
  Eigen::MatrixXd model_logprobs, sample_logprobs;
};

Eigen::MatrixXd rows_matrix(const std::vector<std::vector<double>>& rows) {
  Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()),
                    rows.empty() ? 0 : static_cast<Eigen::Index>(rows[0].size()));
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) m(i, j) = rows[i][j];
  return m;
}

Generated lm_generate(const GenerateSettings& s, Context& ctx) {
  if (s.prompt.data.empty()) throw Error("prompt: empty; give at least one token");
  const LanguageModel model(s.model, "model");
  const auto prompt = checked_tokens(s.prompt.data, model.config().vocab, "prompt");
  auto rng = ctx.rng();
  const auto decoded = nn::decode(model.gpt(), std::vector(s.samples, prompt), s.options, rng);
  Generated out;
  out.tokens.shape = {static_cast<std::size_t>(s.samples),
                      prompt.size() + decoded.tokens[0].size()};
  for (const auto& appended : decoded.tokens) {
    out.tokens.data.insert(out.tokens.data.end(), prompt.begin(), prompt.end());
    out.tokens.data.insert(out.tokens.data.end(), appended.begin(), appended.end());
  }
  out.model_logprobs = rows_matrix(decoded.model_logprobs);
  out.sample_logprobs = rows_matrix(decoded.sample_logprobs);
  return out;
}

template <class Member>
auto decoding(Member member) {
  return [member](auto& s) -> auto& { return s.options.*member; };
}

}  // namespace

MethodExport lm_generate_method() {
  using G = GenerateSettings;
  using D = nn::DecodeOptions;
  return method<G, Generated>("lm_generate",
                              "Continuations of a prompt sampled (or greedily decoded) from a "
                              "checkpoint, with per-token log-probabilities")
      .param(decoding(&D::new_tokens), "new_tokens", "tokens appended to the prompt",
             range(1, 1 << 16))
      .param(&G::samples, "samples", "continuations, decoded as one batch", range(1, 1 << 12))
      .param(decoding(&D::greedy), "greedy", "the most probable token instead of a sample")
      .param(decoding(&D::temperature), "temperature", "sampling from softmax(logits / T)",
             range(1e-6, 1e6))
      .param(decoding(&D::top_k), "top_k", "> 0: sample among the k most probable only",
             range(0, large))
      .input(&G::model, "model", "checkpoint (lm_train.model)")
      .input(&G::prompt, "prompt", "prompt token ids (any shape, read in order)")
      .output(&Generated::tokens, "tokens",
              "samples x (prompt + new_tokens): prompt, then the "
              "continuation")
      .output(&Generated::model_logprobs, "model_logprobs",
              "samples x new_tokens: log p(token | prefix) under the model (temperature 1)")
      .output(&Generated::sample_logprobs, "sample_logprobs",
              "samples x new_tokens: log-prob under the distribution sampled from (0 if greedy)")
      .run(lm_generate);
}

}  // namespace assay::stdlib
