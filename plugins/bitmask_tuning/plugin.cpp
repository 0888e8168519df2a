// The bitmask_tuning plugin: SDK glue for Bit-Mask Tuning (seed paper 13) — adapting a
// pretrained model by deleting a few weights of its gate projections. The science lives in the
// other files of this folder; here each method binds its params, inputs and outputs.
#include <assay/eigen.hpp>
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>
#include <cmath>
#include <limits>

#include "adaptation.hpp"
#include "char_codec.hpp"
#include "claims.hpp"
#include "delta_geometry.hpp"
#include "pretraining.hpp"

namespace {

namespace bt = assay::bitmask_tuning;
namespace nn = assay::nn;

constexpr const char* kPaper =
    "Bit-Mask Tuning: adapting a model by deleting a handful of gate weights (seed paper 13)";

// ---------------------------------------------------------------- table ports

const std::vector<std::string>& string_column(const assay::Table& t, const std::string& column,
                                              const std::string& port) {
  for (std::size_t i = 0; i < t.names.size(); ++i)
    if (t.names[i] == column) {
      if (const auto* s = std::get_if<std::vector<std::string>>(&t.columns[i])) return *s;
      throw assay::Error(port + ": column " + column + " is not text");
    }
  throw assay::Error(port + ": no column " + column);
}

std::vector<std::string> documents_of(const assay::Table& t, const std::string& port) {
  return string_column(t, "text", port);
}

const auto problem_columns = [] {
  return assay::columns<bt::Problem>()
      .column(&bt::Problem::prompt, "prompt")
      .column(&bt::Problem::answer, "answer");
};

std::vector<bt::Problem> problems_of(const assay::Table& t, const std::string& port) {
  const auto& prompts = string_column(t, "prompt", port);
  const auto& answers = string_column(t, "answer", port);
  std::vector<bt::Problem> out;
  for (std::size_t i = 0; i < prompts.size(); ++i) out.push_back({prompts[i], answers[i]});
  if (out.empty()) throw assay::Error(port + ": no problems");
  return out;
}

// ---------------------------------------------------------------- addition_tasks

struct TaskSettings {
  assay::Table train, validation;
  bt::AdditionFormat b_format = bt::AdditionFormat::reversed;
  bt::TaskAOptions a;
  int eval_problems = 200;
  int b_train_problems = 4000;
};

struct Tasks {
  std::string task_a, a_text;
  std::vector<bt::Problem> a_problems, b_problems, b_train;
};

Tasks addition_tasks(const TaskSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng();
  Tasks out;
  out.a_problems = bt::draw_problems(bt::AdditionFormat::two_digit, s.eval_problems, rng);
  out.b_problems = bt::draw_problems(s.b_format, s.eval_problems, rng);
  out.b_train = bt::draw_problems(s.b_format, s.b_train_problems, rng, out.b_problems);
  out.task_a = bt::task_a_stream(documents_of(s.train, "train"), s.a, rng, out.a_problems);
  for (const auto& doc : documents_of(s.validation, "validation"))
    out.a_text += bt::normalise(doc) + "\n";
  return out;
}

assay::MethodExport addition_tasks_method() {
  using S = TaskSettings;
  using O = Tasks;
  return assay::method<S, O>("addition_tasks",
                             "Task A (text mixed with 2-digit additions) and task B (3-digit or "
                             "reversed additions), with held-out problems for exact match")
      .cite(kPaper)
      .input(&S::train, "train", "documents of task A's text (text_corpus.train)")
      .input(&S::validation, "validation", "held-out A text (text_corpus.validation)")
      .choice(&S::b_format, "b_format",
              {{"three_digit", bt::AdditionFormat::three_digit},
               {"reversed", bt::AdditionFormat::reversed}},
              "task B: 472+389=861, or 2-digit operands with the sum's digits reversed (47+38=58)")
      .param(
          [](S & s) -> auto& { return s.a.characters; }, "characters",
          "length of the task A stream", assay::range(1000, 1 << 28))
      .param(
          [](S & s) -> auto& { return s.a.addition_share; }, "addition_share",
          "expected share of the stream's items (documents, addition lines) that are additions",
          assay::range(0.0, 0.95))
      .param(&S::eval_problems, "eval_problems", "held-out problems of each task",
             assay::range(1, 100000))
      .param(&S::b_train_problems, "b_train_problems", "B training problems (none held out)",
             assay::range(1, 1000000))
      .output(&O::task_a, "task_a", "the pretraining stream (held-out A problems excluded)")
      .output(&O::a_text, "a_text", "held-out A text, one document a line group")
      .output(&O::a_problems, "a_problems", "held-out 2-digit problems: prompt, answer",
              problem_columns())
      .output(&O::b_problems, "b_problems", "held-out B problems: prompt, answer",
              problem_columns())
      .output(&O::b_train, "b_train", "B training problems: prompt, answer", problem_columns())
      .run(addition_tasks);
}

// ---------------------------------------------------------------- the pretrained-model port

nn::Checkpoint<float> checkpoint_of(const bt::Pretrained& p) {
  return {nn::to_config(p.config), p.params, std::nullopt, {}};
}

// Any SwiGLU decoder without biases fits (the gates are addressable, the deltas bias-free).
bt::Pretrained pretrained_of(const nn::Checkpoint<float>& ck) {
  const auto config = nn::gpt_config(ck.config);
  if (config.mlp != nn::MlpKind::swiglu || config.bias)
    throw assay::Error("model: a SwiGLU decoder without biases is needed; connect pretrain.model");
  return {config, ck.params};
}

// ---------------------------------------------------------------- pretrain

struct PretrainSettings {
  std::string task_a, a_text;
  bt::PretrainOptions training;
};

struct LossRow {
  long step = 0;
  double train_loss = 0, eval_loss = 0;
};

struct PretrainSummary {
  nn::Checkpoint<float> model;
  std::vector<LossRow> losses;
  double a_text_loss = 0;
};

PretrainSummary pretrain(const PretrainSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng();
  const auto r =
      bt::pretrain(bt::encode(s.task_a), bt::encode(s.a_text), s.training, rng, [&](double f) {
        ctx.progress(f);
        ctx.throw_if_cancelled();
      });
  PretrainSummary out{checkpoint_of(r.model), {}, r.losses.eval_loss.back()};
  for (std::size_t i = 0; i < r.losses.step.size(); ++i)
    out.losses.push_back({r.losses.step[i], r.losses.train_loss[i], r.losses.eval_loss[i]});
  return out;
}

assay::MethodExport pretrain_method() {
  using S = PretrainSettings;
  using O = PretrainSummary;
  const auto t = [](auto member) {
    return [member](S & s) -> auto& { return s.training.*member; };
  };
  const auto m = [](auto member) {
    return [member](S & s) -> auto& { return s.training.model.*member; };
  };
  using P = bt::PretrainOptions;
  using M = bt::ModelSpec;
  return assay::method<S, O>("addition_pretrain",
                             "Pretrains the small SwiGLU decoder on task A (next character), "
                             "AdamW with warm-up and cosine decay")
      .cite(kPaper)
      .input(&S::task_a, "task_a", "addition_tasks.task_a")
      .input(&S::a_text, "a_text", "addition_tasks.a_text (evaluation loss)")
      .param(m(&M::dim), "dim", "model width (MLP: 4 dim)", assay::range(4, 1024))
      .param(m(&M::layers), "layers", "transformer blocks", assay::range(1, 32))
      .param(m(&M::heads), "heads", "attention heads (must divide dim)", assay::range(1, 64))
      .param(m(&M::context), "context", "tokens per training window", assay::range(16, 512))
      .param(t(&P::steps), "steps", "AdamW steps", assay::range(1, 1 << 24))
      .param(t(&P::batch), "batch", "windows per step", assay::range(1, 4096))
      .param(t(&P::lr), "lr", "peak learning rate", assay::range(1e-6, 1.0))
      .param(t(&P::weight_decay), "weight_decay", "AdamW decay of the matrices",
             assay::range(0.0, 1.0))
      .param(t(&P::warmup), "warmup", "linear warm-up steps", assay::range(0, 1 << 24))
      .param(t(&P::eval_every), "eval_every", "steps between loss rows", assay::range(1, 1 << 24))
      .output(&O::model, "model",
              "the pretrained decoder (nn::Checkpoint: config and named float32 parameters)")
      .output(&O::losses, "losses", "step, mean training loss since the last row, A text loss",
              assay::columns<LossRow>()
                  .column(&LossRow::step, "step")
                  .column(&LossRow::train_loss, "train_loss")
                  .column(&LossRow::eval_loss, "eval_loss"))
      .output(&O::a_text_loss, "a_text_loss", "held-out A text loss at the end [nats]")
      .run(pretrain);
}

// ---------------------------------------------------------------- mask_tuning

struct TuneSettings {
  nn::Checkpoint<float> model;
  assay::Table b_train, b_problems, a_problems;
  std::string a_text;
  bt::AdaptOptions adapt;
  int text_windows = 32;
};

struct TuneSummary {
  std::vector<bt::EvalRow> history;
  double b_accuracy = 0, b_loss = 0, a_accuracy = 0, a_text_loss = 0;
  double b_accuracy_before = 0, a_accuracy_before = 0, a_text_loss_before = 0;
  double a_retention = 0, a_text_loss_increase = 0;
  std::int64_t weights_zeroed = 0, gate_weights = 0, model_weights = 0, layers = 0;
  double zeroed_of_gates = 0, zeroed_of_model = 0;
  std::int64_t adapter_bits = 0, checkpoint_bits = 0;
  Eigen::MatrixXd gate_base, gate_delta;
};

TuneSummary mask_tuning(const TuneSettings& s, assay::Context& ctx) {
  const auto pretrained = pretrained_of(s.model);
  bt::Evaluation eval{problems_of(s.a_problems, "a_problems"),
                      problems_of(s.b_problems, "b_problems"), bt::encode(s.a_text),
                      s.text_windows};
  auto rng = ctx.rng();
  const auto r =
      bt::adapt(pretrained, problems_of(s.b_train, "b_train"), eval, s.adapt, rng, [&](double f) {
        ctx.progress(f);
        ctx.throw_if_cancelled();
      });
  const auto& first = r.history.front();
  const auto& last = r.history.back();
  TuneSummary o;
  o.history = r.history;
  o.b_accuracy = last.b_accuracy;
  o.b_loss = last.b_loss;
  o.a_accuracy = last.a_accuracy;
  o.a_text_loss = last.a_text_loss;
  o.b_accuracy_before = first.b_accuracy;
  o.a_accuracy_before = first.a_accuracy;
  o.a_text_loss_before = first.a_text_loss;
  o.a_retention = first.a_accuracy > 0 ? last.a_accuracy / first.a_accuracy
                                       : std::numeric_limits<double>::quiet_NaN();
  o.a_text_loss_increase = last.a_text_loss - first.a_text_loss;
  o.weights_zeroed = last.zeroed;
  o.gate_weights = r.gate_weights;
  o.model_weights = r.model_weights;
  o.layers = pretrained.config.layers;
  o.zeroed_of_gates = static_cast<double>(last.zeroed) / r.gate_weights;
  o.zeroed_of_model = static_cast<double>(last.zeroed) / r.model_weights;
  o.adapter_bits = r.adapter_bits;
  o.checkpoint_bits = 32 * r.model_weights;
  o.gate_base = r.gate_base.cast<double>();
  o.gate_delta = r.gate_delta.cast<double>();
  return o;
}

assay::MethodExport mask_tuning_method() {
  using S = TuneSettings;
  using O = TuneSummary;
  using A = bt::AdaptOptions;
  using R = bt::EvalRow;
  const auto a = [](auto member) {
    return [member](S & s) -> auto& { return s.adapt.*member; };
  };
  return assay::method<S, O>("mask_tuning",
                             "Adapts the pretrained model to task B by SFT with one arm: full "
                             "fine-tuning, LoRA on the gates, Bit-Mask Tuning of the gates, or "
                             "random / magnitude deletion at its budget; measures A on the way")
      .cite(kPaper)
      .input(&S::model, "model", "pretrain.model")
      .input(&S::b_train, "b_train", "addition_tasks.b_train")
      .input(&S::b_problems, "b_problems", "addition_tasks.b_problems")
      .input(&S::a_problems, "a_problems", "addition_tasks.a_problems")
      .input(&S::a_text, "a_text", "addition_tasks.a_text")
      .choice(a(&A::arm), "arm",
              {{"full", bt::Arm::full},
               {"lora", bt::Arm::lora},
               {"bit_mask", bt::Arm::bit_mask},
               {"random_deletion", bt::Arm::random_deletion},
               {"magnitude_deletion", bt::Arm::magnitude_deletion}},
              "full: every weight; lora: adapters on every gate; bit_mask: deletions learned "
              "on every gate; random_deletion, magnitude_deletion: rho of the gate weights "
              "deleted at random or by smallest |w|, no training")
      .param(a(&A::rho), "rho", "deletion budget, a fraction of all gate weights",
             assay::range(0.0, 1.0))
      .param(a(&A::lora_rank), "lora_rank", "LoRA rank", assay::range(1, 1024))
      .param(a(&A::lora_alpha), "lora_alpha", "LoRA scale numerator (scale alpha / rank)",
             assay::range(1e-6, 1e6))
      .param(a(&A::steps), "steps", "SFT steps (not taken by the deletion controls)",
             assay::range(1, 1 << 24))
      .param(a(&A::batch), "batch", "B problems per step", assay::range(1, 65536))
      .param(a(&A::lr), "lr", "Adam learning rate of full and lora", assay::range(1e-8, 1.0))
      .param(a(&A::score_lr), "score_lr", "Adam learning rate of bit_mask's scores",
             assay::range(1e-8, 10.0))
      .param(a(&A::score_init), "score_init", "bit_mask's initial score (positive: kept)",
             assay::range(1e-8, 100.0))
      .param(a(&A::eval_every), "eval_every", "steps between evaluation rows",
             assay::range(1, 1 << 24))
      .param(&S::text_windows, "text_windows", "held-out A text windows scored",
             assay::range(1, 1 << 20))
      .output(&O::history, "history",
              "per evaluation (step 0: pretrained; deletion controls: before, after): step, "
              "train_loss, b_accuracy, b_loss, a_accuracy, a_text_loss, zeroed",
              assay::columns<R>()
                  .column(&R::step, "step")
                  .column(&R::train_loss, "train_loss")
                  .column(&R::b_accuracy, "b_accuracy")
                  .column(&R::b_loss, "b_loss")
                  .column(&R::a_accuracy, "a_accuracy")
                  .column(&R::a_text_loss, "a_text_loss")
                  .column(&R::zeroed, "zeroed"))
      .output(&O::b_accuracy, "b_accuracy", "held-out B exact match after adaptation")
      .output(&O::b_loss, "b_loss", "held-out B answer loss after adaptation [nats]")
      .output(&O::a_accuracy, "a_accuracy", "held-out 2-digit exact match after adaptation")
      .output(&O::a_text_loss, "a_text_loss", "held-out A text loss after adaptation [nats]")
      .output(&O::b_accuracy_before, "b_accuracy_before", "the pretrained model's B exact match")
      .output(&O::a_accuracy_before, "a_accuracy_before", "the pretrained model's A exact match")
      .output(&O::a_text_loss_before, "a_text_loss_before", "the pretrained model's A text loss")
      .output(&O::a_retention, "a_retention",
              "a_accuracy / a_accuracy_before (NaN when the latter is 0)")
      .output(&O::a_text_loss_increase, "a_text_loss_increase",
              "a_text_loss - a_text_loss_before [nats]: forgetting of A's text")
      .output(&O::weights_zeroed, "weights_zeroed", "gate weights the arm set to 0")
      .output(&O::gate_weights, "gate_weights", "weights in all gate projections")
      .output(&O::model_weights, "model_weights", "weights in the pretrained model")
      .output(&O::layers, "layers", "transformer blocks (for delta_geometry)")
      .output(&O::zeroed_of_gates, "zeroed_of_gates", "weights_zeroed / gate_weights")
      .output(&O::zeroed_of_model, "zeroed_of_model", "weights_zeroed / model_weights")
      .output(&O::adapter_bits, "adapter_bits",
              "what the arm stores besides the base: full 32 x weights, lora 32 x adapter "
              "weights, masks 1 bit per gate weight")
      .output(&O::checkpoint_bits, "checkpoint_bits", "32 x model_weights (a float32 checkpoint)")
      .output(&O::gate_base, "gate_base", "pretrained gate weights, layers stacked by rows")
      .output(&O::gate_delta, "gate_delta", "effective gate weights after minus before")
      .claims(bt::mask_tuning_claims())
      .run(mask_tuning);
}

// ---------------------------------------------------------------- delta_geometry

struct GeometrySettings {
  Eigen::MatrixXd base, delta, reference;
  std::int64_t layers = 0;
};

assay::MethodExport delta_geometry_method() {
  using S = GeometrySettings;
  using G = bt::DeltaGeometry;
  return assay::method<S, G>("delta_geometry",
                             "An arm's gate delta against full fine-tuning's: effective rank, "
                             "spectrum drift and top-1% principal-weight overlap")
      .cite(kPaper)
      .input(&S::base, "base", "mask_tuning.gate_base (either node's: the same model)")
      .input(&S::delta, "delta", "the arm's mask_tuning.gate_delta")
      .input(&S::reference, "reference", "full fine-tuning's mask_tuning.gate_delta")
      .input(&S::layers, "layers", "mask_tuning.layers")
      .output(&G::effective_rank, "effective_rank", "mean over layers of erank(ΔW_arm)")
      .output(&G::reference_effective_rank, "reference_effective_rank", "... of erank(ΔW_full)")
      .output(&G::effective_rank_gap, "effective_rank_gap", "mean |erank_arm - erank_full|")
      .output(&G::spectrum_drift, "spectrum_drift", "mean ||σ(W0 + ΔW_arm) - σ(W0)|| / ||σ(W0)||")
      .output(&G::reference_spectrum_drift, "reference_spectrum_drift", "... of full")
      .output(&G::spectrum_drift_gap, "spectrum_drift_gap", "mean |drift_arm - drift_full|")
      .output(&G::principal_overlap, "principal_overlap",
              "mean share of the arm's top-1% |ΔW| entries among full's (chance 0.01)")
      .claims(bt::delta_geometry_claims())
      .run([](const S& s) {
        return bt::delta_geometry(s.base, s.delta, s.reference, static_cast<int>(s.layers));
      });
}

}  // namespace

ASSAY_PLUGIN("bitmask_tuning", "0.1.0", "MIT", addition_tasks_method(), pretrain_method(),
             mask_tuning_method(), delta_geometry_method())
