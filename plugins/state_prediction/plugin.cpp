// The state_prediction plugin: SDK glue for separating state from prediction in a transformer
// (seed paper 17). The science is in the other files of this folder; here each method binds its
// params, inputs and outputs to the science's structs.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>

#include "claims.hpp"
#include "gradient_paths.hpp"
#include "lm_training.hpp"
#include "model_checkpoint.hpp"

namespace {

namespace sp = assay::state_prediction;

constexpr const char* kPaper =
    "Monea, Godey, Brantley, Artzi: separating state from prediction in transformers "
    "(arXiv 2607.01218; seed paper 17)";

// What both methods train: an arm of the character LM on a tokenizer's ids.
struct Training {
  sp::Arm arm = sp::Arm::separated;
  sp::ModelSize size;
  sp::TrainOptions options;
  std::int64_t seed = 1;
  assay::IntArray train_ids, validation_ids;
  std::int64_t vocab_size = 0;
};

const auto training_bindings = [](auto& b) {
  b.choice(
       [](auto& s) -> auto& { return s.training.arm; }, "arm",
       {{"standard", sp::Arm::standard},
        {"separated", sp::Arm::separated},
        {"pause", sp::Arm::pause}},
       "standard causal LM; separated [x1, r, x2, r, ...] with loss at r only; pause: separated "
       "but x also attends earlier r")
      .param(
          [](auto& s) -> auto& { return s.training.size.layers; }, "layers", "transformer blocks",
          assay::range(1, 64))
      .param(
          [](auto& s) -> auto& { return s.training.size.dim; }, "dim", "model width",
          assay::range(2, 4096))
      .param(
          [](auto& s) -> auto& { return s.training.size.heads; }, "heads",
          "attention heads (divide dim)", assay::range(1, 64))
      .param(
          [](auto& s) -> auto& { return s.training.size.window; }, "context",
          "input characters per window (T); the interleaved arms' stream is 2T long",
          assay::range(2, 4096))
      .param(
          [](auto& s) -> auto& { return s.training.options.batch; }, "batch", "windows per step",
          assay::range(1, 4096))
      .param(
          [](auto& s) -> auto& { return s.training.options.steps; }, "steps", "training steps",
          assay::range(0, 10000000))
      .param(
          [](auto& s) -> auto& { return s.training.options.lr; }, "lr", "peak AdamW learning rate",
          assay::range(0.0, 1.0))
      .param(
          [](auto& s) -> auto& { return s.training.options.warmup; }, "warmup",
          "linear warm-up steps before the cosine decay to lr / 10", assay::range(0, 10000000))
      .param(
          [](auto& s) -> auto& { return s.training.options.weight_decay; }, "weight_decay",
          "AdamW decay on weight matrices", assay::range(0.0, 10.0))
      .param(
          [](auto& s) -> auto& { return s.training.options.eval_every; }, "eval_every",
          "steps between curve rows (0: the last step only)", assay::range(0, 10000000))
      .param(
          [](auto& s) -> auto& { return s.training.options.eval_batches; }, "eval_batches",
          "validation windows: eval_batches x batch contiguous windows", assay::range(1, 100000))
      .param(
          [](auto& s) -> auto& { return s.training.seed; }, "seed",
          "initialisation and batch order; arms with equal seeds see the same batches (sweep it "
          "for paired seeds)",
          assay::range(0, 1e15))
      .input(
          [](auto& s) -> auto& { return s.training.train_ids; }, "train_ids",
          "char_tokenizer.train_ids")
      .input(
          [](auto& s) -> auto& { return s.training.validation_ids; }, "validation_ids",
          "char_tokenizer.validation_ids")
      .input(
          [](auto& s) -> auto& { return s.training.vocab_size; }, "vocab_size",
          "char_tokenizer.vocab_size");
};

std::vector<int> int_ids(const assay::IntArray& ids, std::int64_t vocab, const char* port) {
  std::vector<int> out;
  out.reserve(ids.data.size());
  for (auto id : ids.data) {
    if (id < 0 || id >= vocab)
      throw assay::Error(std::string(port) + ": id " + std::to_string(id) +
                         " is outside [0, vocab_size = " + std::to_string(vocab) +
                         "); connect one tokenizer's ids and vocab_size");
    out.push_back(static_cast<int>(id));
  }
  return out;
}

struct TrainedModel {
  sp::TrainResult result;
  assay::nn::Checkpoint<float> model;
};

// Builds the model, trains it, and calls at_row at each curve row (logging progress).
TrainedModel train(const Training& t, assay::Context& ctx,
                   const std::function<void(sp::InterleavedLm&, const sp::CurveRow&)>& at_row) {
  const auto train_ids = int_ids(t.train_ids, t.vocab_size, "train_ids");
  const auto validation_ids = int_ids(t.validation_ids, t.vocab_size, "validation_ids");
  assay::nn::Rng rng(assay::derive_seed(static_cast<std::uint64_t>(t.seed), 0));
  sp::InterleavedLm model(t.arm, t.size, t.vocab_size, rng);
  sp::TrainResult result = sp::train_lm(
      model, train_ids, validation_ids, t.options,
      assay::derive_seed(static_cast<std::uint64_t>(t.seed), 1), [&](const sp::CurveRow& row) {
        ctx.throw_if_cancelled();
        if (t.options.steps > 0) ctx.progress(static_cast<double>(row.step) / t.options.steps);
        ctx.log("step " + std::to_string(row.step) + ": validation " +
                assay::number_text(row.validation_bits) + " bits/char");
        if (at_row) at_row(model, row);
      });
  return {std::move(result), sp::make_model_checkpoint(model)};
}

// ------------------------------------------------------------------ separated_lm_train

struct TrainSettings {
  Training training;
};
struct Trained {
  std::vector<sp::CurveRow> curve;
  double validation_bits = 0;
  double step_flops = 0;
  std::int64_t parameters = 0;
  assay::nn::Checkpoint<float> model;
};

assay::MethodExport separated_lm_train() {
  return assay::method<TrainSettings, Trained>(
             "separated_lm_train",
             "A character LM in one of three arms (standard, state/prediction separated, pause "
             "control): validation bits/char against characters seen and measured FLOPs")
      .cite(kPaper)
      .with(training_bindings)
      .output(&Trained::curve, "curve", "one row per evaluation, step 0 first",
              assay::columns<sp::CurveRow>()
                  .column(&sp::CurveRow::step, "step")
                  .column(&sp::CurveRow::characters, "characters")
                  .column(&sp::CurveRow::flops, "flops")
                  .column(&sp::CurveRow::train_bits, "train_bits")
                  .column(&sp::CurveRow::validation_bits, "validation_bits"))
      .output(&Trained::validation_bits, "validation_bits",
              "validation loss after the last step [bits/char]")
      .output(&Trained::step_flops, "step_flops",
              "measured FLOPs of one training step (README: definitions)")
      .output(&Trained::parameters, "parameters", "trainable parameters")
      .output(&Trained::model, "model",
              "the trained model: Gpt config plus arm and window, parameters by name")
      .claims(sp::separated_lm_train_claims())
      .run([](const TrainSettings& s, assay::Context& ctx) {
        TrainedModel t = train(s.training, ctx, {});
        const sp::TrainResult& r = t.result;
        return Trained{r.curve, r.curve.back().validation_bits, r.step_flops.step(),
                       static_cast<std::int64_t>(r.parameters), std::move(t.model)};
      });
}

// ------------------------------------------------------------------ gradient_paths

struct PathSettings {
  Training training;
  std::int64_t windows = 16;
};
struct PathRow {
  long step = 0;
  std::string site;
  double cosine = 0, cosine_lower = 0, cosine_upper = 0;
  double norm_ratio = 0, ratio_lower = 0, ratio_upper = 0;
};
struct Paths {
  std::vector<PathRow> paths;
  double cosine = 0, norm_ratio = 0;  // the input stream's, after the last step
  double validation_bits = 0;
};

assay::MethodExport gradient_paths_method() {
  return assay::method<PathSettings, Paths>(
             "gradient_paths",
             "Trains an arm and, at each curve row, the cosine and norm ratio of the own-loss and "
             "future-loss gradients at its prediction positions")
      .cite(kPaper)
      .with(training_bindings)
      .param(&PathSettings::windows, "windows",
             "validation windows the gradients are measured on (the same at every row)",
             assay::range(2, 4096))
      .output(&Paths::paths, "paths", "one row per (step, site); intervals over windows",
              assay::columns<PathRow>()
                  .column(&PathRow::step, "step")
                  .column(&PathRow::site, "site")
                  .column(&PathRow::cosine, "cosine")
                  .column(&PathRow::cosine_lower, "cosine_lower")
                  .column(&PathRow::cosine_upper, "cosine_upper")
                  .column(&PathRow::norm_ratio, "norm_ratio")
                  .column(&PathRow::ratio_lower, "ratio_lower")
                  .column(&PathRow::ratio_upper, "ratio_upper"))
      .output(&Paths::cosine, "cosine",
              "cos(own, future) at the input stream after the last step (NaN: no future "
              "gradient, the separated arm)")
      .output(&Paths::norm_ratio, "norm_ratio", "|future| / |own| there")
      .output(&Paths::validation_bits, "validation_bits", "after the last step [bits/char]")
      .claims(sp::gradient_paths_claims())
      .run([](const PathSettings& s, assay::Context& ctx) {
        const auto ids =
            int_ids(s.training.validation_ids, s.training.vocab_size, "validation_ids");
        const assay::nn::TokenBatch probe =
            assay::nn::TokenBatches(ids, s.training.size.window, s.windows, 0).contiguous(0);
        Paths out;
        const sp::TrainResult r =
            train(s.training, ctx, [&](sp::InterleavedLm& model, const sp::CurveRow& row) {
              for (const auto& g :
                   sp::gradient_paths(model, probe.inputs, probe.targets, s.windows))
                out.paths.push_back({row.step, g.site, g.cosine.mean, g.cosine.lower,
                                     g.cosine.upper, g.norm_ratio.mean, g.norm_ratio.lower,
                                     g.norm_ratio.upper});
            }).result;
        const std::size_t sites = static_cast<std::size_t>(s.training.size.layers) + 1;
        const PathRow& last_input = out.paths[out.paths.size() - sites];
        out.cosine = last_input.cosine;
        out.norm_ratio = last_input.norm_ratio;
        out.validation_bits = r.curve.back().validation_bits;
        return out;
      });
}

}  // namespace

ASSAY_PLUGIN("state_prediction", "0.1.0", "MIT", separated_lm_train(), gradient_paths_method())
