// The uncanny_valley plugin: SDK glue for word-boundary corruption and the text uncanny valley
// (seed paper 12). The science lives in the other files of this folder; here each method binds
// its params, inputs and outputs to the science's structs.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>
#include <cmath>
#include <memory>

#include "bpe_material.hpp"
#include "entropy_curve.hpp"
#include "paper_claims.hpp"
#include "valley.hpp"

namespace {

namespace uv = assay::uncanny_valley;

constexpr const char* kPaper =
    "The text uncanny valley: word-boundary corruption and LLM detection accuracy "
    "(seed paper 12, arXiv 2605.07186)";

const std::vector<std::pair<std::string, uv::Perturbation>> kPerturbations{
    {"random", uv::Perturbation::random}, {"regular", uv::Perturbation::regular}};

std::string perturbation_name(uv::Perturbation kind) {
  return kind == uv::Perturbation::random ? "random" : "regular";
}

std::vector<std::string> document_texts(const assay::Table& table, const char* port) {
  for (std::size_t i = 0; i < table.names.size(); ++i)
    if (table.names[i] == "text")
      if (const auto* texts = std::get_if<std::vector<std::string>>(&table.columns[i]))
        return *texts;
  throw assay::Error(std::string(port) +
                     ": the table has no string column `text`; connect a text_corpus split");
}

std::shared_ptr<const assay::stdlib::BpeTokenizer> tokenizer_of(const assay::IntArray& model) {
  std::string bytes;
  for (auto b : model.data) {
    if (b < 0 || b > 255)
      throw assay::Error("model: " + std::to_string(b) +
                         " is not a byte; connect bpe_tokenizer's model output");
    bytes += static_cast<char>(b);
  }
  return std::make_shared<const assay::stdlib::BpeTokenizer>(
      assay::stdlib::BpeTokenizer::from_model(std::move(bytes)));
}

// ---------------------------------------------------------------- fragment_text

struct FragmentSettings {
  double p = 0.1;
  uv::Perturbation kind = uv::Perturbation::random;
  assay::Table documents;
};

struct Text {
  std::string text;
};

struct FragmentedDocuments {
  std::vector<Text> documents;
  std::int64_t gaps = 0, inserted = 0;
  double insertion_rate = 0;
};

FragmentedDocuments fragment_documents(const FragmentSettings& s, assay::Context& ctx) {
  auto rng = ctx.rng();
  FragmentedDocuments out;
  for (const auto& d : document_texts(s.documents, "documents")) {
    auto f = uv::fragment(d, s.p, s.kind, rng);
    out.gaps += f.gaps;
    out.inserted += f.inserted;
    out.documents.push_back({std::move(f.text)});
  }
  out.insertion_rate = out.gaps == 0 ? 0.0 : static_cast<double>(out.inserted) / out.gaps;
  return out;
}

assay::MethodExport fragment_text_method() {
  using F = FragmentedDocuments;
  return assay::method<FragmentSettings, F>(
             "fragment_text", "Whitespace inserted inside words, p per gap (random or regular)")
      .cite(kPaper)
      .param(&FragmentSettings::p, "p", "probability of a space in each gap inside a word",
             assay::range(0, 1))
      .choice(&FragmentSettings::kind, "perturbation", kPerturbations,
              "random: each gap independently; regular: one space every 1/p characters at a "
              "random phase per word (same expected count)")
      .input(&FragmentSettings::documents, "documents", "documents (a text_corpus split)")
      .output(&F::documents, "documents", "the fragmented documents, column `text`",
              assay::columns<Text>().column(&Text::text, "text"))
      .output(&F::gaps, "gaps", "gaps inside words (places a space may go)")
      .output(&F::inserted, "inserted", "spaces inserted")
      .output(&F::insertion_rate, "insertion_rate", "inserted / gaps")
      .run(fragment_documents);
}

// ---------------------------------------------------------------- tokenization_entropy

struct EntropySettings {
  std::vector<double> rates{0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1};
  double alpha = 2.5;
  assay::IntArray model;
  assay::Table documents;
};

struct EntropyRow {
  std::string perturbation;
  double p = 0, shannon = 0, renyi = 0, efficiency = 0, tokens = 0, tokens_per_character = 0,
         insertions = 0;
  std::int64_t support = 0;
};

struct EntropyCurve {
  std::vector<EntropyRow> curve;
  double peak_p_renyi = 0, peak_p_shannon = 0, peak_p_renyi_regular = 0;
};

EntropyCurve tokenization_entropy(const EntropySettings& s, assay::Context& ctx) {
  const auto tokenizer = tokenizer_of(s.model);
  ctx.log("encoding every segment of every distinct piece");
  const uv::ExpectedTokenCounts counts(document_texts(s.documents, "documents"),
                                       uv::bpe_encoder(tokenizer));
  const auto curve = uv::entropy_curve(
      counts, s.rates, {uv::Perturbation::random, uv::Perturbation::regular}, s.alpha);
  EntropyCurve out;
  const double log_vocab = std::log2(static_cast<double>(tokenizer->vocab_size()));
  for (const auto& c : curve)
    out.curve.push_back({perturbation_name(c.kind), c.p, c.shannon, c.renyi, c.renyi / log_vocab,
                         c.tokens, c.tokens / counts.characters(), c.insertions, c.support});
  out.peak_p_renyi = uv::peak_rate(curve, uv::Perturbation::random, &uv::EntropyPoint::renyi);
  out.peak_p_shannon = uv::peak_rate(curve, uv::Perturbation::random, &uv::EntropyPoint::shannon);
  out.peak_p_renyi_regular =
      uv::peak_rate(curve, uv::Perturbation::regular, &uv::EntropyPoint::renyi);
  return out;
}

assay::MethodExport tokenization_entropy_method() {
  using E = EntropyCurve;
  using R = EntropyRow;
  return assay::method<EntropySettings, E>(
             "tokenization_entropy",
             "Exact Shannon and Renyi entropy of the token distribution of fragmented text")
      .cite(kPaper)
      .param(&EntropySettings::rates, "rates", "fragmentation rates p", assay::range(0, 1))
      .param(&EntropySettings::alpha, "alpha", "Renyi order (Zouhar et al.: 2.5)",
             assay::range(0, 100))
      .input(&EntropySettings::model, "model", "bpe_tokenizer.model")
      .input(&EntropySettings::documents, "documents", "documents (a text_corpus split)")
      .output(&E::curve, "curve",
              "per perturbation and rate: entropies [bits] of the expected unigram distribution, "
              "efficiency = renyi / log2 vocab, expected tokens, per character, insertions, "
              "tokens of positive expected count",
              assay::columns<R>()
                  .column(&R::perturbation, "perturbation")
                  .column(&R::p, "p")
                  .column(&R::shannon, "shannon")
                  .column(&R::renyi, "renyi")
                  .column(&R::efficiency, "efficiency")
                  .column(&R::tokens, "tokens")
                  .column(&R::tokens_per_character, "tokens_per_character")
                  .column(&R::insertions, "insertions")
                  .column(&R::support, "support"))
      .output(&E::peak_p_renyi, "peak_p_renyi", "rate of the largest Renyi entropy (random)")
      .output(&E::peak_p_shannon, "peak_p_shannon", "rate of the largest Shannon entropy (random)")
      .output(&E::peak_p_renyi_regular, "peak_p_renyi_regular",
              "rate of the largest Renyi entropy (regular)")
      .run(tokenization_entropy);
}

// ---------------------------------------------------------------- detection_pretrain, detection_lm

// The material both methods read: the tokenizer and the corpora (detection_pretrain uses train).
struct Material {
  assay::IntArray model;
  assay::Table train, test, train_words, test_words;
};

uv::DetectionData detection_data(const Material& m) {
  return uv::detection_data(
      tokenizer_of(m.model), document_texts(m.train, "train"), document_texts(m.test, "test"),
      document_texts(m.train_words, "train_words"), document_texts(m.test_words, "test_words"));
}

struct LossRow {
  std::int64_t step = 0;
  double loss = 0;
};

std::vector<LossRow> loss_rows(const assay::nn::LossTable& t) {
  std::vector<LossRow> rows;
  for (std::size_t i = 0; i < t.step.size(); ++i) rows.push_back({t.step[i], t.train_loss[i]});
  return rows;
}

const auto kLosses =
    assay::columns<LossRow>().column(&LossRow::step, "step").column(&LossRow::loss, "loss");

template <class Member>
auto option(Member member) {
  return [member](auto& s) -> auto& { return s.options.*member; };
}
template <class Member>
auto shape(Member member) {
  return [member](auto& s) -> auto& { return s.options.shape.*member; };
}
template <class Member>
auto pretraining(Member member) {
  return [member](auto& s) -> auto& { return s.options.pretraining.*member; };
}
template <class Member>
auto needles(Member member) {
  return [member](auto& s) -> auto& { return s.options.needles.*member; };
}

struct PretrainSettings {
  uv::DetectionOptions options;
  assay::IntArray model;
  assay::Table train;
};

struct PretrainOutputs {
  assay::nn::Checkpoint<float> pretrained;
  std::vector<LossRow> losses;
  double final_loss = 0;
};

PretrainOutputs detection_pretrain(const PretrainSettings& s, assay::Context& ctx) {
  const auto tokenizer = tokenizer_of(s.model);
  auto rng = ctx.rng();
  auto p = uv::pretrain_detection(document_texts(s.train, "train"), uv::bpe_encoder(tokenizer),
                                  tokenizer->vocab_size(),
                                  assay::stdlib::BpeTokenizer::end_of_document_id, s.options, rng,
                                  [&](double x) { ctx.progress(x); });
  PretrainOutputs out{std::move(p.model), loss_rows(p.losses)};
  out.final_loss = out.losses.empty() ? 0.0 : out.losses.back().loss;
  return out;
}

assay::MethodExport detection_pretrain_method() {
  using P = PretrainOutputs;
  using S = PretrainSettings;
  using T = uv::TrainSchedule;
  using M = uv::ModelShape;
  return assay::method<S, P>("detection_pretrain",
                             "BPE transformer pretrained on documents with a fraction f of "
                             "their words fully letter-spaced")
      .cite(kPaper)
      .param(option(&uv::DetectionOptions::f), "f",
             "fraction of pretraining words fully letter-spaced (0: the control)",
             assay::range(0, 1))
      .param(shape(&M::context), "context", "context length [tokens]", assay::range(48, 1024))
      .param(shape(&M::dim), "dim", "model width", assay::range(8, 1024))
      .param(shape(&M::heads), "heads", "attention heads (divide dim)", assay::range(1, 64))
      .param(shape(&M::layers), "layers", "transformer blocks", assay::range(1, 24))
      .param(pretraining(&T::steps), "steps", "pretraining steps", assay::range(1, 1e7))
      .param(pretraining(&T::batch), "batch", "windows per step", assay::range(1, 4096))
      .param(pretraining(&T::lr), "lr", "peak learning rate", assay::range(1e-6, 1))
      .input(&S::model, "model", "bpe_tokenizer.model")
      .input(&S::train, "train", "pretraining documents (text_corpus)")
      .output(&P::pretrained, "pretrained", "the pretrained model (checkpoint)")
      .output(&P::losses, "losses", "pretraining loss", kLosses)
      .output(&P::final_loss, "final_loss", "mean training loss of the last logged steps")
      .run(detection_pretrain);
}

struct DetectionSettings {
  uv::DetectionOptions options;
  int resamples = 1000;
  assay::nn::Checkpoint<float> pretrained;
  Material material;
};

struct F1Row {
  std::string perturbation;
  double p = 0, f1 = 0, lower = 0, upper = 0, accuracy = 0;
};

struct ValleyRow {
  std::string perturbation;
  double p_star = 0, depth = 0, depth_lower = 0, depth_upper = 0, recovery = 0, recovery_lower = 0,
         recovery_upper = 0;
};

struct Detection {
  std::vector<F1Row> f1;
  std::vector<ValleyRow> valleys;
  std::vector<LossRow> needles;
  double depth_random = 0, depth_regular = 0, p_star_random = 0;
};

Detection detection_lm(const DetectionSettings& s, assay::Context& ctx) {
  const auto data = detection_data(s.material);
  auto rng = ctx.rng();
  const auto run =
      uv::run_task(s.pretrained, data, s.options, rng, [&](double x) { ctx.progress(x); });
  Detection out;
  out.needles = loss_rows(run.needles);
  auto stats = ctx.rng(1);
  std::string line;
  for (const auto& point : uv::f1_curve(run.rates, s.resamples, stats)) {
    out.f1.push_back({perturbation_name(point.kind), point.p, point.f1.value, point.f1.lower,
                      point.f1.upper, point.accuracy});
    line += " " + perturbation_name(point.kind) + "@" + assay::number_text(point.p) + "=" +
            assay::number_text(std::round(point.f1.value * 1000) / 1000);
  }
  ctx.log("F1:" + line);
  for (auto kind : s.options.kinds) {
    const auto v = uv::valley(run.rates, kind, s.resamples, stats);
    out.valleys.push_back({perturbation_name(kind), v.p_star, v.depth.value, v.depth.lower,
                           v.depth.upper, v.recovery.value, v.recovery.lower, v.recovery.upper});
    (kind == uv::Perturbation::random ? out.depth_random : out.depth_regular) = v.depth.value;
    if (kind == uv::Perturbation::random) out.p_star_random = v.p_star;
  }
  return out;
}

template <class Member>
auto material(Member member) {
  return [member](auto& s) -> auto& { return s.material.*member; };
}

assay::MethodExport detection_lm_method() {
  using D = Detection;
  using S = DetectionSettings;
  using T = uv::TrainSchedule;
  return assay::method<S, D>("detection_lm",
                             "Needle task on a pretrained detection_pretrain model: F1 over "
                             "fragmentation rates and perturbations, valley statistics")
      .cite(kPaper)
      .param(needles(&T::steps), "needle_steps", "needle-task training steps", assay::range(1, 1e7))
      .param(needles(&T::batch), "needle_batch", "needle examples per step", assay::range(2, 4096))
      .param(needles(&T::lr), "needle_lr", "needle-task peak learning rate", assay::range(1e-6, 1))
      .param(option(&uv::DetectionOptions::rates), "rates",
             "evaluation rates p (must include 0 and 1)", assay::range(0, 1))
      .param(option(&uv::DetectionOptions::examples), "examples",
             "evaluation examples per rate (even; the same contents at every rate)",
             assay::range(8, 1 << 20))
      .param(&S::resamples, "resamples", "bootstrap resamples", assay::range(100, 1e6))
      .input(&S::pretrained, "pretrained", "detection_pretrain.pretrained")
      .input(material(&Material::model), "model", "bpe_tokenizer.model (the pretraining one)")
      .input(material(&Material::train), "train", "needle-training documents (text_corpus)")
      .input(material(&Material::test), "test", "evaluation documents (text_corpus)")
      .input(material(&Material::train_words), "train_words",
             "training needles (text_corpus of words)")
      .input(material(&Material::test_words), "test_words",
             "evaluation needles (text_corpus of words)")
      .output(&D::f1, "f1",
              "per perturbation and rate: F1 of the yes class with its 95% bootstrap interval, "
              "accuracy",
              assay::columns<F1Row>()
                  .column(&F1Row::perturbation, "perturbation")
                  .column(&F1Row::p, "p")
                  .column(&F1Row::f1, "f1")
                  .column(&F1Row::lower, "lower")
                  .column(&F1Row::upper, "upper")
                  .column(&F1Row::accuracy, "accuracy"))
      .output(&D::valleys, "valleys",
              "per perturbation: p* (selection half), depth and recovery (measurement half) "
              "with 95% intervals (README)",
              assay::columns<ValleyRow>()
                  .column(&ValleyRow::perturbation, "perturbation")
                  .column(&ValleyRow::p_star, "p_star")
                  .column(&ValleyRow::depth, "depth")
                  .column(&ValleyRow::depth_lower, "depth_lower")
                  .column(&ValleyRow::depth_upper, "depth_upper")
                  .column(&ValleyRow::recovery, "recovery")
                  .column(&ValleyRow::recovery_lower, "recovery_lower")
                  .column(&ValleyRow::recovery_upper, "recovery_upper"))
      .output(&D::needles, "needles", "needle-task loss", kLosses)
      .output(&D::depth_random, "depth_random", "valley depth, random perturbation")
      .output(&D::depth_regular, "depth_regular", "valley depth, regular perturbation")
      .output(&D::p_star_random, "p_star_random", "valley bottom rate, random perturbation")
      .claims(uv::detection_lm_claims())
      .run(detection_lm);
}

}  // namespace

ASSAY_PLUGIN("uncanny_valley", "0.1.0", "MIT", fragment_text_method(),
             tokenization_entropy_method(), detection_pretrain_method(), detection_lm_method());
