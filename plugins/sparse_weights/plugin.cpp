// The sparse_weights plugin: SDK glue for explaining single weights of weight-sparse
// transformers (seed paper 4). The science lives in the other files of this folder; here each
// method binds its params, inputs and outputs to the science's structs.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>
#include <stdexcept>

#include "claims.hpp"
#include "concentration.hpp"
#include "interpretability_study.hpp"

namespace {

namespace sw = assay::sparse_weights;

constexpr const char* kPaper =
    "Weight-sparse transformers have interpretable single weights: an automated explainer "
    "accounts for 17-35% of nonzero weights in sparse models versus 5-9% in dense ones (seed "
    "paper 4, after Gao et al. 2025)";

// The "text" column of a text_corpus split.
std::vector<std::string> texts(const assay::Table& t, const std::string& port) {
  for (std::size_t i = 0; i < t.names.size(); ++i)
    if (t.names[i] == "text") return std::get<std::vector<std::string>>(t.columns[i]);
  throw assay::Error(port + ": the table has no 'text' column; connect a text_corpus split");
}

// ---------------------------------------------------------------- the model and its training

struct ModelSettings {
  sw::ModelKind kind = sw::ModelKind::sparse;
  sw::ShapeOptions shape;
  sw::SparsityOptions sparsity;
  sw::TrainOptions train;
  assay::Table train_documents, validation_documents;
};

template <class Member>
auto shape(Member m) {
  return [m](auto& s) -> auto& { return s.model.shape.*m; };
}
template <class Member>
auto sparsity(Member m) {
  return [m](auto& s) -> auto& { return s.model.sparsity.*m; };
}
template <class Member>
auto training(Member m) {
  return [m](auto& s) -> auto& { return s.model.train.*m; };
}

// The params and inputs of an In's `model` (ModelSettings; its initialisers are the defaults).
const auto model_settings = [](auto& b) {
  using K = sw::ModelKind;
  b.choice(
       [](auto& s) -> auto& { return s.model.kind; }, "model",
       std::vector<std::pair<std::string, K>>{
           {"sparse", K::sparse}, {"dense", K::dense}, {"dense_matched", K::dense_matched}},
       "sparse: top-k weights; dense: same shape; dense_matched: narrower, as many "
       "nonzero weights as the sparse model")
      .param(shape(&sw::ShapeOptions::dim), "dim", "residual width", assay::range(16, 1024))
      .param(shape(&sw::ShapeOptions::layers), "layers", "blocks", assay::range(1, 16))
      .param(shape(&sw::ShapeOptions::head_size), "head_size", "width of an attention head",
             assay::range(4, 256))
      .param(shape(&sw::ShapeOptions::context), "context", "tokens per window",
             assay::range(4, 1024))
      .param(shape(&sw::ShapeOptions::topk_fraction), "topk_fraction",
             "share of each activation row kept at every attention and MLP site",
             assay::range(0.01, 1))
      .param(sparsity(&sw::SparsityOptions::nonzero_fraction), "nonzero_fraction",
             "sparse: share of each matrix left nonzero; dense_matched: sets its width",
             assay::range(1e-4, 1))
      .param(sparsity(&sw::SparsityOptions::anneal_fraction), "anneal_fraction",
             "share of the steps over which the nonzero fraction falls from 1", assay::range(0, 1))
      .param(sparsity(&sw::SparsityOptions::min_live), "min_live",
             "weights kept per neuron (row) of each matrix", assay::range(0, 1024))
      .param(training(&sw::TrainOptions::steps), "steps", "Adam steps", assay::range(1, 1 << 24))
      .param(training(&sw::TrainOptions::batch), "batch", "windows per step",
             assay::range(1, 1 << 16))
      .param(training(&sw::TrainOptions::lr), "lr", "peak learning rate", assay::range(1e-6, 1))
      .param(training(&sw::TrainOptions::warmup_fraction), "warmup_fraction",
             "share of the steps of linear warm-up (then linear decay to 0)", assay::range(0, 1))
      .param(training(&sw::TrainOptions::eval_windows), "eval_windows",
             "validation windows of the evaluation loss", assay::range(1, 1 << 20))
      .param(training(&sw::TrainOptions::eval_every), "eval_every",
             "steps between rows of history (0: the last step only)", assay::range(0, 1 << 24))
      .input(
          [](auto& s) -> auto& { return s.model.train_documents; }, "train",
          "text_corpus.train: the documents trained on")
      .input(
          [](auto& s) -> auto& { return s.model.validation_documents; }, "validation",
          "text_corpus.validation: the documents of the evaluation loss");
};

struct LossRow {
  long step = 0;
  double train_loss = 0, eval_loss = 0;
};

struct TrainingSummary {
  std::vector<LossRow> history;
  double eval_loss = 0;
  std::int64_t width = 0, nonzero = 0, matrix_weights = 0;
};

const auto training_outputs = [](auto& b) {
  b.output(
       [](auto& o) -> auto& { return o.training.history; }, "history",
       "per evaluation: step, mean training loss since the last row, validation loss [nats]",
       assay::columns<LossRow>()
           .column(&LossRow::step, "step")
           .column(&LossRow::train_loss, "train_loss")
           .column(&LossRow::eval_loss, "eval_loss"))
      .output(
          [](auto& o) -> auto& { return o.training.eval_loss; }, "eval_loss",
          "validation next-token loss at the end [nats per byte]")
      .output(
          [](auto& o) -> auto& { return o.training.width; }, "width", "residual width")
      .output(
          [](auto& o) -> auto& { return o.training.nonzero; }, "nonzero",
          "nonzero entries of the sparsified matrices")
      .output(
          [](auto& o) -> auto& { return o.training.matrix_weights; }, "matrix_weights",
          "entries of the sparsified matrices (all but norms and the bigram table)");
};

sw::TrainedModel train_model(const ModelSettings& s, assay::Context& ctx) {
  const auto train = sw::code_corpus(texts(s.train_documents, "train"), false);
  const auto validation = sw::code_corpus(texts(s.validation_documents, "validation"), false);
  auto init = ctx.rng(1);
  const auto data_seed = ctx.rng(2)();
  try {
    return sw::train_sparse_transformer(s.kind, s.shape, s.sparsity, s.train, train, validation,
                                        init, data_seed, [&](double f) {
                                          ctx.progress(f);
                                          ctx.throw_if_cancelled();
                                        });
  } catch (const std::invalid_argument& e) {
    throw assay::Error(e.what());
  }
}

TrainingSummary summary_of(const sw::TrainedModel& m) {
  TrainingSummary out{{}, m.eval_loss, m.width, m.nonzero, m.matrix_weights};
  for (std::size_t i = 0; i < m.history.step.size(); ++i)
    out.history.push_back({m.history.step[i], m.history.train_loss[i], m.history.eval_loss[i]});
  return out;
}

struct TrainSettings {
  ModelSettings model;
};
struct TrainOutputs {
  TrainingSummary training;
  assay::nn::Checkpoint<float> model;
};

assay::MethodExport sparse_transformer_train_method() {
  return assay::method<TrainSettings, TrainOutputs>(
             "sparse_transformer_train",
             "Trains a weight-sparse byte-level transformer on Python code with Gao et al.'s "
             "recipe, or one of its two dense controls")
      .cite(kPaper)
      .with(model_settings)
      .with(training_outputs)
      .output(&TrainOutputs::model, "model",
              "the trained model (config with kind and topk_fraction, float32 parameters)")
      .run([](const TrainSettings& s, assay::Context& ctx) {
        auto trained = train_model(s.model, ctx);
        return TrainOutputs{summary_of(trained), std::move(trained.checkpoint)};
      });
}

// ---------------------------------------------------------------- weight_importance

struct TokenRow {
  std::string split;
  std::int64_t window = 0, position = 0;
  std::string character;
  std::string quote;
  std::int64_t comment = 0, depth = 0, indent = 0, leading = 0, header = 0, column = 0;
  std::int64_t identifier = 0, reuse = 0;
  std::string current, next;
};

struct WeightRow {
  std::string param;
  std::int64_t row = 0, col = 0;
  double value = 0, mean_importance = 0;
};

struct AblationRow {
  std::string param;
  std::int64_t row = 0, col = 0;
  double screen_mean = 0, exact_mean = 0, correlation = 0;
};

struct ImportanceSettings {
  assay::nn::Checkpoint<float> model;
  assay::Table analysis;
  int windows = 32;
  int sampled_weights = 256;
  int ablations = 16;
};

struct ImportanceOutputs {
  assay::FloatArray importance;
  std::vector<TokenRow> tokens;
  std::vector<WeightRow> weights;
  std::vector<AblationRow> ablation;
  double gini_weights = 0, screen_exact_correlation = 0, analysis_loss = 0;
};

void add_token_rows(const std::vector<sw::TokenWindow>& windows, const char* split,
                    std::vector<TokenRow>& rows) {
  for (std::size_t w = 0; w < windows.size(); ++w)
    for (std::size_t t = 0; t < windows[w].inputs.size(); ++t) {
      const auto& l = windows[w].latents[t];
      const int id = windows[w].inputs[t];
      const std::string ch = id == sw::kEndOfDocument ? "<end>"
                             : id == sw::kOtherByte   ? "<other>"
                             : id == sw::kVocab - 1   ? "\\n"
                                                      : std::string(1, static_cast<char>(id + 30));
      rows.push_back({split, static_cast<std::int64_t>(w), static_cast<std::int64_t>(t), ch,
                      sw::name_of(l.quote), l.comment, l.depth, l.indent, l.leading, l.header,
                      l.column, l.identifier, l.reuse, sw::name_of(l.current),
                      sw::name_of(l.next)});
    }
}

std::unique_ptr<sw::Network> network_of(const assay::nn::Checkpoint<float>& model) {
  try {
    return sw::load_network(model);
  } catch (const std::exception& e) {
    throw assay::Error(std::string("model: ") + e.what() +
                       "; connect sparse_transformer_train.model");
  }
}

ImportanceOutputs weight_importance(const ImportanceSettings& s, assay::Context& ctx) {
  auto net = network_of(s.model);
  const auto split = sw::analysis_split(texts(s.analysis, "analysis"));
  const auto context = static_cast<int>(net->gpt.config().context);
  std::vector<sw::TokenWindow> fit, heldout;
  try {
    fit = sw::spread_windows(split.fit, s.windows, context);
    heldout = sw::spread_windows(split.heldout, s.windows, context);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(std::string("analysis: ") + e.what());
  }
  auto all = fit;
  all.insert(all.end(), heldout.begin(), heldout.end());
  auto rng = ctx.rng(3);
  const auto circuit = sw::circuit_weights(*net);
  const auto sampled = sw::sample_weights(circuit, s.sampled_weights, rng);
  ctx.log("screening " + std::to_string(circuit.size()) + " circuit weights on " +
          std::to_string(all.size() * context) + " tokens");
  const auto screen = sw::screen_importance(*net, all, sampled);
  ImportanceOutputs out;
  out.importance.shape = {static_cast<std::size_t>(screen.per_token.rows()),
                          static_cast<std::size_t>(screen.per_token.cols())};
  const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows =
      screen.per_token;
  out.importance.data.assign(rows.data(), rows.data() + rows.size());
  add_token_rows(fit, "fit", out.tokens);
  add_token_rows(heldout, "heldout", out.tokens);
  for (std::size_t i = 0; i < sampled.size(); ++i) {
    const auto& w = sampled[i];
    out.weights.push_back({w.param, w.row, w.col, net->params[w.param].value(w.row, w.col),
                           screen.per_token.row(static_cast<Eigen::Index>(i)).mean()});
  }
  double r = 0;
  for (const auto& a : sw::exact_ablation(*net, all, screen, s.ablations)) {
    out.ablation.push_back(
        {a.weight.param, a.weight.row, a.weight.col, a.screen_mean, a.exact_mean, a.correlation});
    r += a.correlation;
  }
  out.screen_exact_correlation = out.ablation.empty() ? 0 : r / out.ablation.size();
  out.gini_weights = sw::gini(screen.mean_importance);
  out.analysis_loss = screen.loss.mean();
  return out;
}

assay::MethodExport weight_importance_method() {
  using S = ImportanceSettings;
  using O = ImportanceOutputs;
  return assay::method<S, O>("weight_importance",
                             "Per circuit weight and token, |w dL_t/dw| from per-position "
                             "backward passes, checked by exact zero-ablation on a sample")
      .cite(kPaper)
      .input(&S::model, "model", "sparse_transformer_train.model")
      .input(&S::analysis, "analysis",
             "text_corpus.test: documents split in two (alternately) into fit and held-out")
      .param(&S::windows, "windows", "analysis windows per split", assay::range(1, 1 << 16))
      .param(&S::sampled_weights, "sampled_weights",
             "nonzero circuit weights whose per-token importance is kept", assay::range(1, 1 << 20))
      .param(&S::ablations, "ablations", "sampled weights also zero-ablated exactly",
             assay::range(0, 1 << 16))
      .output(&O::importance, "importance", "sampled weights x tokens: |w dL_t/dw|")
      .output(&O::tokens, "tokens", "per token (the importance's columns): split and latents",
              assay::columns<TokenRow>()
                  .column(&TokenRow::split, "split")
                  .column(&TokenRow::window, "window")
                  .column(&TokenRow::position, "position")
                  .column(&TokenRow::character, "character")
                  .column(&TokenRow::quote, "quote")
                  .column(&TokenRow::comment, "comment")
                  .column(&TokenRow::depth, "depth")
                  .column(&TokenRow::indent, "indent")
                  .column(&TokenRow::leading, "leading")
                  .column(&TokenRow::header, "header")
                  .column(&TokenRow::column, "column")
                  .column(&TokenRow::identifier, "identifier")
                  .column(&TokenRow::reuse, "reuse")
                  .column(&TokenRow::current, "current")
                  .column(&TokenRow::next, "next"))
      .output(&O::weights, "weights", "per sampled weight (the importance's rows)",
              assay::columns<WeightRow>()
                  .column(&WeightRow::param, "param")
                  .column(&WeightRow::row, "row")
                  .column(&WeightRow::col, "col")
                  .column(&WeightRow::value, "value")
                  .column(&WeightRow::mean_importance, "mean_importance"))
      .output(&O::ablation, "ablation",
              "per ablated weight: mean screen, mean exact |dL_t|, their Pearson r over tokens",
              assay::columns<AblationRow>()
                  .column(&AblationRow::param, "param")
                  .column(&AblationRow::row, "row")
                  .column(&AblationRow::col, "col")
                  .column(&AblationRow::screen_mean, "screen_mean")
                  .column(&AblationRow::exact_mean, "exact_mean")
                  .column(&AblationRow::correlation, "correlation"))
      .output(&O::gini_weights, "gini_weights",
              "Gini over all nonzero circuit weights of their mean importance")
      .output(&O::screen_exact_correlation, "screen_exact_correlation",
              "mean over ablated weights of r(screen, exact)")
      .output(&O::analysis_loss, "analysis_loss", "mean loss on the analysis tokens [nats]")
      .claims(sw::importance_claims())
      .run(weight_importance);
}

// ---------------------------------------------------------------- weight_explainer

struct ExplainerSettings {
  assay::FloatArray importance;
  assay::Table tokens, weights;
  sw::ExplainerOptions options;
};

struct ExplanationRow {
  std::string param;
  std::int64_t row = 0, col = 0;
  std::string explanation;
  double fit_f1 = 0, heldout_f1 = 0, null_f1 = 0, coverage = 0;
  std::int64_t positives = 0, interpretable = 0;
};

struct ExplainerOutputs {
  std::vector<ExplanationRow> explanations;
  double interpretable_fraction = 0, threshold = 0, mean_heldout_f1 = 0, mean_null_f1 = 0;
  double gini_tokens = 0;
};

template <class T>
const std::vector<T>& column(const assay::Table& t, const std::string& port,
                             const std::string& name) {
  for (std::size_t i = 0; i < t.names.size(); ++i)
    if (t.names[i] == name)
      if (const auto* c = std::get_if<std::vector<T>>(&t.columns[i])) return *c;
  throw assay::Error(port + ": no column '" + name +
                     "' of the expected type; connect weight_importance." + port);
}

std::vector<sw::CodeLatents> latents_of(const assay::Table& t, std::vector<bool>& is_fit) {
  const auto& split = column<std::string>(t, "tokens", "split");
  const auto integer = [&](const char* name) -> const auto& {
    return column<std::int64_t>(t, "tokens", name);
  };
  const auto& quote = column<std::string>(t, "tokens", "quote");
  const auto& current = column<std::string>(t, "tokens", "current");
  const auto& next = column<std::string>(t, "tokens", "next");
  std::vector<sw::CodeLatents> out;
  for (std::size_t i = 0; i < split.size(); ++i) {
    sw::CodeLatents l;
    try {
      l.quote = sw::quote_named(quote[i]);
      l.current = sw::char_class_named(current[i]);
      l.next = sw::char_class_named(next[i]);
    } catch (const std::invalid_argument& e) {
      throw assay::Error(std::string("tokens: ") + e.what());
    }
    l.comment = integer("comment")[i];
    l.depth = static_cast<int>(integer("depth")[i]);
    l.indent = static_cast<int>(integer("indent")[i]);
    l.leading = integer("leading")[i];
    l.header = integer("header")[i];
    l.column = static_cast<int>(integer("column")[i]);
    l.identifier = integer("identifier")[i];
    l.reuse = integer("reuse")[i];
    is_fit.push_back(split[i] == "fit");
    out.push_back(l);
  }
  return out;
}

ExplainerOutputs weight_explainer(const ExplainerSettings& s, assay::Context& ctx) {
  std::vector<bool> is_fit;
  const auto latents = latents_of(s.tokens, is_fit);
  const auto& shape = s.importance.shape;
  if (shape.size() != 2 || shape[1] != latents.size())
    throw assay::Error("importance: " + std::to_string(shape.size() == 2 ? shape[1] : 0) +
                       " token columns, but tokens has " + std::to_string(latents.size()) +
                       " rows; connect one weight_importance's outputs");
  const auto n_fit = static_cast<Eigen::Index>(std::count(is_fit.begin(), is_fit.end(), true));
  const auto weights = static_cast<Eigen::Index>(shape[0]);
  Eigen::MatrixXf fit(weights, n_fit), heldout(weights, latents.size() - n_fit);
  std::vector<sw::CodeLatents> fit_latents, heldout_latents;
  for (std::size_t t = 0, f = 0, h = 0; t < latents.size(); ++t) {
    auto& part = is_fit[t] ? fit : heldout;
    const auto c = static_cast<Eigen::Index>(is_fit[t] ? f++ : h++);
    for (Eigen::Index w = 0; w < weights; ++w)
      part(w, c) = s.importance.data[static_cast<std::size_t>(w) * shape[1] + t];
    (is_fit[t] ? fit_latents : heldout_latents).push_back(latents[t]);
  }
  auto rng = ctx.rng();
  const auto r = sw::explain_weights(fit, heldout, fit_latents, heldout_latents, s.options, rng);
  const auto& param = column<std::string>(s.weights, "weights", "param");
  const auto& row = column<std::int64_t>(s.weights, "weights", "row");
  const auto& col = column<std::int64_t>(s.weights, "weights", "col");
  if (param.size() != r.weights.size())
    throw assay::Error("weights: " + std::to_string(param.size()) + " rows for " +
                       std::to_string(r.weights.size()) + " importance rows");
  ExplainerOutputs out{{}, r.interpretable_fraction, r.threshold, r.mean_f1, r.mean_null_f1, 0};
  for (std::size_t i = 0; i < r.weights.size(); ++i) {
    const auto& e = r.weights[i];
    out.explanations.push_back({param[i], row[i], col[i], e.conjunction.text(), e.fit_f1,
                                e.heldout_f1, r.null_f1[i], e.coverage,
                                static_cast<std::int64_t>(e.positives), e.interpretable});
  }
  Eigen::MatrixXf all(weights, static_cast<Eigen::Index>(latents.size()));
  all << fit, heldout;
  out.gini_tokens = sw::mean_row_gini(all);
  return out;
}

assay::MethodExport weight_explainer_method() {
  using S = ExplainerSettings;
  using O = ExplainerOutputs;
  using R = ExplanationRow;
  return assay::method<S, O>("weight_explainer",
                             "Explains each weight by the conjunction of at most two text "
                             "conditions that best matches where it matters; held-out F1 against "
                             "a shuffled-importance null")
      .cite(kPaper)
      .input(&S::importance, "importance", "weight_importance.importance")
      .input(&S::tokens, "tokens", "weight_importance.tokens")
      .input(&S::weights, "weights", "weight_importance.weights")
      .param(
          [](S & s) -> auto& { return s.options.min_coverage; }, "min_coverage",
          "share of held-out importance the explanation must cover", assay::range(0, 1))
      .param(
          [](S & s) -> auto& { return s.options.null_quantile; }, "null_quantile",
          "quantile of the shuffled null's held-out F1 used as threshold", assay::range(0, 1))
      .output(&O::explanations, "explanations", "per weight: its explanation and scores",
              assay::columns<R>()
                  .column(&R::param, "param")
                  .column(&R::row, "row")
                  .column(&R::col, "col")
                  .column(&R::explanation, "explanation")
                  .column(&R::fit_f1, "fit_f1")
                  .column(&R::heldout_f1, "heldout_f1")
                  .column(&R::null_f1, "null_f1")
                  .column(&R::coverage, "coverage")
                  .column(&R::positives, "positives")
                  .column(&R::interpretable, "interpretable"))
      .output(&O::interpretable_fraction, "interpretable_fraction",
              "share of the sampled weights that are interpretable")
      .output(&O::threshold, "threshold", "held-out F1 a weight must exceed")
      .output(&O::mean_heldout_f1, "mean_heldout_f1", "over weights")
      .output(&O::mean_null_f1, "mean_null_f1", "over weights, shuffled importances")
      .output(&O::gini_tokens, "gini_tokens", "mean over weights of the Gini across tokens")
      .claims(sw::explainer_claims())
      .run(weight_explainer);
}

}  // namespace

ASSAY_PLUGIN("sparse_weights", "0.1.0", "MIT", sparse_transformer_train_method(),
             weight_importance_method(), weight_explainer_method())
