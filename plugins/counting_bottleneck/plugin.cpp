// The counting_bottleneck plugin: SDK glue for "counts that are computed but unreadable" (seed
// paper 10). The science lives in the other files of this folder; here each method binds its
// params, inputs and outputs to the science's structs.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>

#include "adaptation.hpp"
#include "paper_claims.hpp"
#include "probe_study.hpp"

namespace {

namespace cb = assay::counting_bottleneck;

constexpr const char* kPaper =
    "LLMs fail at single-digit counting although the count stays linearly decodable: the digit "
    "rows of the unembedding miss the count subspace, and a probe-informed LoRA on W_U "
    "restores it (seed paper 10)";

// ---------------------------------------------------------------- counting_corpus

struct CorpusOut {
  std::vector<int> tokens, source, count;
  int sequence_length = cb::kSequenceLength;
  int words = 0, digits = 0, explicit_items = 0;
};

CorpusOut counting_corpus(const cb::CorpusOptions& o, assay::Context& ctx) {
  auto rng = ctx.rng();
  cb::Corpus c = cb::make_corpus(o, rng);
  CorpusOut out{std::move(c.tokens), std::move(c.source), std::move(c.count)};
  for (int s : out.source) {
    out.words += s == static_cast<int>(cb::Source::words);
    out.digits += s == static_cast<int>(cb::Source::digits);
    out.explicit_items += s == static_cast<int>(cb::Source::explicit_count);
  }
  return out;
}

assay::MethodExport counting_corpus_method() {
  using S = cb::CorpusOptions;
  using O = CorpusOut;
  return assay::method<S, O>("counting_corpus",
                             "The counting language: count-word items, digit sequences and "
                             "explicit 'how many x? -> d' items at frequency f")
      .cite(kPaper)
      .param(&S::sequences, "sequences", "sequences drawn", assay::range(1, 1 << 22))
      .param(&S::explicit_frequency, "explicit_frequency",
             "f: probability that a sequence is an explicit digit-count item", assay::range(0, 1))
      .output(&O::tokens, "tokens", "sequences x sequence_length tokens, row-major (README)")
      .output(&O::source, "source", "per sequence: 0 words, 1 digits, 2 explicit")
      .output(&O::count, "count", "per sequence: the count asked for (0 for digit sequences)")
      .output(&O::sequence_length, "sequence_length", "tokens per sequence")
      .output(&O::words, "words", "count-word sequences")
      .output(&O::digits, "digits", "digit sequences")
      .output(&O::explicit_items, "explicit_items", "explicit digit-count items")
      .run(counting_corpus);
}

// ---------------------------------------------------------------- counting_pretrain

struct PretrainSettings {
  std::vector<int> tokens;
  cb::ModelOptions model;
  cb::PretrainOptions training;
};

struct LossRow {
  long step = 0;
  double train_loss = 0;
};

struct Pretrained {
  assay::nn::Checkpoint<float> model;
  std::vector<LossRow> pretrain_history;
  double final_train_loss = 0;
  int model_parameters = 0;
};

cb::Corpus corpus_of(const std::vector<int>& tokens) {
  if (tokens.empty() || tokens.size() % cb::kSequenceLength != 0)
    throw assay::Error("tokens: " + std::to_string(tokens.size()) +
                       " tokens is not a whole number of " + std::to_string(cb::kSequenceLength) +
                       "-token sequences; connect counting_corpus.tokens");
  cb::Corpus c;
  c.tokens = tokens;
  c.source.resize(tokens.size() / cb::kSequenceLength);
  return c;
}

std::vector<LossRow> rows_of(const assay::nn::LossTable& t) {
  std::vector<LossRow> rows;
  for (std::size_t i = 0; i < t.step.size(); ++i) rows.push_back({t.step[i], t.train_loss[i]});
  return rows;
}

const auto loss_columns = [] {
  return assay::columns<LossRow>()
      .column(&LossRow::step, "step")
      .column(&LossRow::train_loss, "train_loss");
};

Pretrained counting_pretrain(const PretrainSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng(1);
  cb::CountingModel model(cb::gpt_config(s.model), rng);
  const auto result = cb::pretrain(model, corpus_of(s.tokens), s.training, rng(), [&](double f) {
    ctx.progress(f);
    ctx.throw_if_cancelled();
  });
  return {cb::checkpoint_of(model), rows_of(result.history), result.history.train_loss.back(),
          static_cast<int>(model.params.count())};
}

assay::MethodExport counting_pretrain_method() {
  using S = PretrainSettings;
  using O = Pretrained;
  const auto m = [](auto member) {
    return [member](S & s) -> auto& { return s.model.*member; };
  };
  const auto t = [](auto member) {
    return [member](S & s) -> auto& { return s.training.*member; };
  };
  using M = cb::ModelOptions;
  using P = cb::PretrainOptions;
  return assay::method<S, O>("counting_pretrain",
                             "Pretrains the small counting transformer on the counting language "
                             "(whole sequences, AdamW, warmup-cosine) and outputs it as a "
                             "checkpoint for count_probes and probe_informed_lora")
      .cite(kPaper)
      .input(&S::tokens, "tokens", "counting_corpus.tokens")
      .param(m(&M::dim), "dim", "model width", assay::range(4, 1024))
      .param(m(&M::heads), "heads", "attention heads (divide dim)", assay::range(1, 64))
      .param(m(&M::layers), "layers", "blocks", assay::range(1, 16))
      .param(t(&P::steps), "pretrain_steps", "AdamW steps", assay::range(1, 1 << 22))
      .param(t(&P::batch), "pretrain_batch", "sequences per step", assay::range(1, 4096))
      .param(t(&P::lr), "pretrain_lr", "peak learning rate (warmup-cosine to a tenth)",
             assay::range(1e-6, 1))
      .param(t(&P::weight_decay), "weight_decay", "AdamW decay on matrices", assay::range(0, 10))
      .param(t(&P::warmup), "warmup", "warmup steps", assay::range(0, 1 << 22))
      .output(&O::model, "model",
              "the pretrained decoder (nn::Checkpoint: config and named float32 parameters; "
              "W_U is params/head.weight)")
      .output(&O::pretrain_history, "pretrain_history", "step, mean train loss", loss_columns())
      .output(&O::final_train_loss, "final_train_loss", "train_loss of the last row")
      .output(&O::model_parameters, "model_parameters", "scalars of the model")
      .run(counting_pretrain);
}

// The checkpoint of an analysis node's `model` input as a model.
cb::CountingModel counting_model(const assay::nn::Checkpoint<float>& checkpoint) {
  try {
    return cb::model_of(checkpoint, "model");
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string(e.what()) + "; connect counting_pretrain.model");
  }
}

constexpr const char* kModelInput = "the pretrained model (counting_pretrain.model)";

// ---------------------------------------------------------------- count_probes

struct ProbeSettings {
  assay::nn::Checkpoint<float> model;
  cb::ProbeStudyOptions study;
};

struct ProbeTableRow {
  std::string site, position;
  double accuracy, control_accuracy, selectivity, r2, snr;
};

struct AlignmentTableRow {
  std::string site, rows, null;
  double mean_cos2, null_mean, null_q05, null_q95, p_closer, smallest_angle;
};

struct ProbesOut {
  std::vector<ProbeTableRow> probes;
  std::vector<AlignmentTableRow> alignment;
  double model_constrained_accuracy = 0, model_free_accuracy = 0, model_digit_share = 0;
  double best_arrow_probe_accuracy = 0;
  std::string best_arrow_site;
  double final_digit_mean_cos2 = 0, final_digit_p_closer = 0, final_digit_shuffled_p_closer = 0;
};

ProbesOut count_probes(const ProbeSettings& s, assay::Context& ctx) {
  ProbesOut out;
  const auto model = counting_model(s.model);
  auto rng = ctx.rng(2);
  const auto study = cb::probe_study(model, s.study, rng);
  for (const auto& r : study.probes)
    out.probes.push_back({r.site, r.position, r.score.accuracy, r.score.control_accuracy,
                          r.score.selectivity, r.score.r2, r.score.snr});
  for (const auto& r : study.alignment) {
    const auto& a = r.alignment;
    out.alignment.push_back({r.site, r.rows, r.null, a.mean_cos2, a.null_mean, a.null_q05,
                             a.null_q95, a.p_closer, a.angles(0)});
    if (r.site == "final" && r.rows == "digits" && r.null == "random") {
      out.final_digit_mean_cos2 = a.mean_cos2;
      out.final_digit_p_closer = a.p_closer;
    }
    if (r.site == "final" && r.rows == "digits" && r.null == "shuffled")
      out.final_digit_shuffled_p_closer = a.p_closer;
  }
  out.model_constrained_accuracy = study.model.constrained;
  out.model_free_accuracy = study.model.free;
  out.model_digit_share = study.model.digit_share;
  out.best_arrow_probe_accuracy = study.best_arrow_accuracy;
  out.best_arrow_site = study.best_arrow_site;
  return out;
}

assay::MethodExport count_probes_method() {
  using S = ProbeSettings;
  using O = ProbesOut;
  using P = ProbeTableRow;
  using A = AlignmentTableRow;
  return assay::method<S, O>("count_probes",
                             "Probes the count in a pretrained counting model at every layer and "
                             "query position (control task, Fisher SNR) and measures the count "
                             "subspace's principal angles to W_U's digit rows")
      .cite(kPaper)
      .input(&S::model, "model", kModelInput)
      .param(
          [](S & s) -> auto& { return s.study.train_per_count; }, "train_per_count",
          "probe training items per count 1..9", assay::range(2, 100000))
      .param(
          [](S & s) -> auto& { return s.study.test_per_count; }, "test_per_count",
          "held-out items per count", assay::range(1, 100000))
      .param(
          [](S & s) -> auto& { return s.study.probe.ridge_lambda; }, "ridge_lambda",
          "ridge penalty (standardised features)", assay::range(0, 1e6))
      .param(
          [](S & s) -> auto& { return s.study.probe.logistic_lambda; }, "logistic_lambda",
          "logistic L2 penalty", assay::range(1e-8, 1e6))
      .param(
          [](S & s) -> auto& { return s.study.subspace_rank; }, "subspace_rank",
          "dimension of the count subspace", assay::range(1, 8))
      .param(
          [](S & s) -> auto& { return s.study.null_samples; }, "null_samples",
          "random subspaces of the null", assay::range(1, 1 << 20))
      .output(&O::probes, "probes", "per site and position: probe scores (README)",
              assay::columns<P>()
                  .column(&P::site, "site")
                  .column(&P::position, "position")
                  .column(&P::accuracy, "accuracy")
                  .column(&P::control_accuracy, "control_accuracy")
                  .column(&P::selectivity, "selectivity")
                  .column(&P::r2, "r2")
                  .column(&P::snr, "snr"))
      .output(&O::alignment, "alignment",
              "per site at the ARROW, against the digit and the count-word rows of W_U, with "
              "the random-subspace and the shuffled-count null",
              assay::columns<A>()
                  .column(&A::site, "site")
                  .column(&A::rows, "rows")
                  .column(&A::null, "null")
                  .column(&A::mean_cos2, "mean_cos2")
                  .column(&A::null_mean, "null_mean")
                  .column(&A::null_q05, "null_q05")
                  .column(&A::null_q95, "null_q95")
                  .column(&A::p_closer, "p_closer")
                  .column(&A::smallest_angle, "smallest_angle"))
      .output(&O::model_constrained_accuracy, "model_constrained_accuracy",
              "the model's argmax over digits is the count")
      .output(&O::model_free_accuracy, "model_free_accuracy",
              "the model's greedy token is the count's digit")
      .output(&O::model_digit_share, "model_digit_share", "the greedy token is a digit")
      .output(&O::best_arrow_probe_accuracy, "best_arrow_probe_accuracy",
              "the best site's probe accuracy at the ARROW")
      .output(&O::best_arrow_site, "best_arrow_site", "that site")
      .output(&O::final_digit_mean_cos2, "final_digit_mean_cos2",
              "count subspace (final, ARROW) vs digit rows: mean cos^2 of the principal angles")
      .output(&O::final_digit_p_closer, "final_digit_p_closer",
              "its p-value of being closer than a random subspace")
      .output(&O::final_digit_shuffled_p_closer, "final_digit_shuffled_p_closer",
              "the same against the shuffled-count null")
      .claims(cb::count_probes_claims())
      .run(count_probes);
}

// ---------------------------------------------------------------- probe_informed_lora

struct LoraSettings {
  assay::nn::Checkpoint<float> model;
  cb::AdaptOptions adapt;
  int train_per_count = 32;
  int test_per_count = 50;
  int other_sequences = 200;
  double logistic_lambda = 1e-4;
};

struct LoraOut {
  std::vector<LossRow> history;
  double constrained_before = 0, constrained_after = 0, free_before = 0, free_after = 0;
  double digit_share_after = 0;
  double other_loss_before = 0, other_loss_after = 0, other_loss_change = 0;
  double word_loss_change = 0, digit_loss_change = 0;
  int trainable = 0, model_parameters = 0;
  double fraction = 0;
};

LoraOut probe_informed_lora(const LoraSettings& s, assay::Context& ctx) {
  LoraOut out;
  auto model = counting_model(s.model);
  auto rng = ctx.rng(2);
  const auto data = cb::adapt_data(s.train_per_count, s.test_per_count, s.other_sequences, rng);
  const Eigen::MatrixXd directions =
      cb::arrow_directions(model, data.train, s.adapt.rank, s.logistic_lambda);
  const auto r = cb::adapt(model, directions, data, s.adapt, rng);
  out.history = rows_of(r.history);
  out.constrained_before = r.before.constrained;
  out.constrained_after = r.after.constrained;
  out.free_before = r.before.free;
  out.free_after = r.after.free;
  out.digit_share_after = r.after.digit_share;
  out.other_loss_before = r.other.before;
  out.other_loss_after = r.other.after;
  out.other_loss_change = r.other.change;
  out.word_loss_change = r.words.change;
  out.digit_loss_change = r.digits.change;
  out.trainable = static_cast<int>(r.trainable);
  out.model_parameters = static_cast<int>(r.model_parameters);
  out.fraction = r.fraction;
  return out;
}

assay::MethodExport probe_informed_lora_method() {
  using S = LoraSettings;
  using O = LoraOut;
  return assay::method<S, O>("probe_informed_lora",
                             "Repairs the digit answers of a pretrained counting model with one "
                             "arm: probe-initialised or random LoRA on W_U, W_U's digit rows, or "
                             "Q/V LoRA; constrained and free accuracy, other loss, parameters")
      .cite(kPaper)
      .input(&S::model, "model", kModelInput)
      .choice(
          [](S & s) -> auto& { return s.adapt.arm; }, "arm",
          std::vector<std::pair<std::string, cb::Arm>>{{"probe", cb::Arm::probe},
                                                       {"random", cb::Arm::random},
                                                       {"digit_rows", cb::Arm::digit_rows},
                                                       {"qv", cb::Arm::qv}},
          "what is trained (README)")
      .param(
          [](S & s) -> auto& { return s.adapt.rank; }, "rank", "LoRA rank (probe: <= 9)",
          assay::range(1, 9))
      .param(
          [](S & s) -> auto& { return s.adapt.steps; }, "steps", "Adam steps",
          assay::range(1, 1 << 20))
      .param(
          [](S & s) -> auto& { return s.adapt.batch; }, "batch", "items per step",
          assay::range(1, 4096))
      .param(
          [](S & s) -> auto& { return s.adapt.lr; }, "lr", "Adam learning rate",
          assay::range(1e-8, 10))
      .param(&S::train_per_count, "train_per_count", "training items per count 1..9",
             assay::range(2, 100000))
      .param(&S::test_per_count, "test_per_count", "held-out items per count",
             assay::range(1, 100000))
      .param(&S::other_sequences, "other_sequences",
             "held-out word and digit sequences for the other loss", assay::range(1, 100000))
      .param(&S::logistic_lambda, "logistic_lambda", "the direction probes' L2 penalty",
             assay::range(1e-8, 1e6))
      .output(&O::history, "history", "adaptation: step, mean answer loss", loss_columns())
      .output(&O::constrained_before, "constrained_before", "argmax over digits is the count")
      .output(&O::constrained_after, "constrained_after", "after adaptation")
      .output(&O::free_before, "free_before", "greedy token is the count's digit")
      .output(&O::free_after, "free_after", "after adaptation")
      .output(&O::digit_share_after, "digit_share_after", "greedy token is a digit, after")
      .output(&O::other_loss_before, "other_loss_before", "loss on word and digit sequences")
      .output(&O::other_loss_after, "other_loss_after", "after adaptation")
      .output(&O::other_loss_change, "other_loss_change", "(after - before) / before")
      .output(&O::word_loss_change, "word_loss_change", "the same on the word sequences alone")
      .output(&O::digit_loss_change, "digit_loss_change", "the same on the digit sequences alone")
      .output(&O::trainable, "trainable", "scalars the arm can change")
      .output(&O::model_parameters, "model_parameters", "scalars of the pretrained model")
      .output(&O::fraction, "fraction", "trainable / model_parameters")
      .claims(cb::probe_informed_lora_claims())
      .run(probe_informed_lora);
}

}  // namespace

ASSAY_PLUGIN("counting_bottleneck", "0.2.0", "MIT", counting_corpus_method(),
             counting_pretrain_method(), count_probes_method(), probe_informed_lora_method())
