#include "reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "assay/nn/optim.hpp"

namespace assay::search_attacks {

namespace {
constexpr int kRetrievalFeatures = 6;
int word_count() { return static_cast<int>(words().size()); }
}  // namespace

int reader_features() { return word_count() + kRetrievalFeatures; }

ReaderInput read_passages(const Sandbox& sb, int subject, int relation,
                          const std::vector<Hit>& hits,
                          const std::vector<const std::vector<int>*>& texts) {
  ReaderInput in{nn::Matrix::Zero(static_cast<nn::Index>(hits.size()), reader_features()), {}};
  const double top = hits.empty() ? 1 : hits.front().score;
  for (std::size_t i = 0; i < hits.size(); ++i) {
    const auto row = static_cast<nn::Index>(i);
    int candidate = -1, subject_count = 0;
    bool has_relation = false, subject_first = false;
    for (int t : *texts[i]) {
      if (t == subject) {
        ++subject_count;
      } else if (sb.is_entity(t)) {
        candidate = t;
        subject_first = subject_count > 0;
      } else if (t == sb.relation_token(relation))
        has_relation = true;
      else if (t >= sb.word_token(0))
        in.features(row, t - sb.word_token(0)) =
            std::min(3.0f, in.features(row, t - sb.word_token(0)) + 1);
    }
    const int w = word_count();
    in.features(row, w) = subject_count > 0;
    in.features(row, w + 1) = static_cast<float>(std::min(subject_count, 4)) / 4;
    in.features(row, w + 2) = has_relation;
    in.features(row, w + 3) = static_cast<float>(hits[i].score / top);
    in.features(row, w + 4) = static_cast<float>(i) / static_cast<float>(hits.size());
    in.features(row, w + 5) = subject_first;
    in.candidates.push_back(candidate);
  }
  return in;
}

Reader::Reader(int hidden, nn::Rng& rng)
    : hidden_(hidden),
      params_(std::make_unique<nn::ParameterSet<float>>()),
      mlp_(*params_, "reader", {reader_features(), hidden, 1}, nn::Activation::relu, rng) {}

Reader::Reader(const nn::Checkpoint<float>& checkpoint)
    : hidden_(static_cast<int>(nn::config_int(checkpoint.config, "hidden"))),
      params_(std::make_unique<nn::ParameterSet<float>>()) {
  nn::Rng rng(0);  // overwritten by the checkpoint's values
  mlp_ = nn::Mlp<float>(*params_, "reader", {reader_features(), hidden_, 1}, nn::Activation::relu,
                        rng);
  nn::load_checkpoint(checkpoint, *params_);
}

nn::Checkpoint<float> Reader::checkpoint() const {
  return nn::make_checkpoint<float>(*params_, {{"model", std::string("passage_reader")},
                                               {"hidden", std::int64_t{hidden_}},
                                               {"features", std::int64_t{reader_features()}}});
}

nn::Var<float> Reader::scores(nn::Tape<float>& tape, const std::vector<ReaderInput>& batch) const {
  const auto k = batch.front().features.rows();
  nn::Matrix x(static_cast<nn::Index>(batch.size()) * k, reader_features());
  nn::Matrix mask = nn::Matrix::Zero(static_cast<nn::Index>(batch.size()), k);
  for (std::size_t b = 0; b < batch.size(); ++b) {
    x.middleRows(static_cast<nn::Index>(b) * k, k) = batch[b].features;
    for (nn::Index i = 0; i < k; ++i)
      if (batch[b].candidates[i] < 0)
        mask(static_cast<nn::Index>(b), i) = -std::numeric_limits<float>::infinity();
  }
  const auto s =
      nn::reshape(mlp_(tape.constant(std::move(x))), static_cast<nn::Index>(batch.size()), k);
  return nn::softmax(s, mask);
}

std::vector<float> Reader::passage_mass(const ReaderInput& in) const {
  if (in.features.rows() == 0) return {};
  nn::Tape<float> tape;
  nn::NoGradScope<float> no_grad(tape);
  const auto& p = scores(tape, {in}).value();
  return {p.data(), p.data() + p.size()};
}

int Reader::choose(const ReaderInput& in) const {
  const auto mass = passage_mass(in);
  int best = -1;
  double best_mass = 0;
  for (std::size_t i = 0; i < mass.size(); ++i) {
    if (in.candidates[i] < 0) continue;
    double m = 0;
    for (std::size_t j = 0; j < mass.size(); ++j)
      if (in.candidates[j] == in.candidates[i]) m += mass[j];
    if (m > best_mass) best = in.candidates[i], best_mass = m;
  }
  return best;
}

nn::Var<float> Reader::loss(nn::Tape<float>& tape, const std::vector<ReaderInput>& batch,
                            const std::vector<int>& truths) const {
  const auto k = batch.front().features.rows();
  nn::Matrix correct = nn::Matrix::Zero(static_cast<nn::Index>(batch.size()), k);
  for (std::size_t b = 0; b < batch.size(); ++b)
    for (nn::Index i = 0; i < k; ++i)
      correct(static_cast<nn::Index>(b), i) = batch[b].candidates[i] == truths[b];
  const auto mass = nn::row_sums(nn::mul(scores(tape, batch), tape.constant(std::move(correct))));
  return -nn::mean(nn::log(nn::add_scalar(mass, 1e-6f)));
}

Bm25Index index_of(const Sandbox& sb) {
  std::vector<std::vector<int>> texts;
  texts.reserve(sb.documents.size());
  for (const auto& d : sb.documents) texts.push_back(d.tokens);
  return Bm25Index(texts, sb.vocabulary());
}

TrainedReader train_reader(const Sandbox& sb, const Bm25Index& index, const ReaderTraining& t,
                           nn::Rng& rng) {
  // Episodes: every fact with k hits and at least one passage claiming the truth.
  std::vector<ReaderInput> episodes;
  std::vector<int> truths;
  int facts = 0;
  for (int e = 0; e < sb.entities(); ++e)
    for (int r = 0; r < sb.settings.relations; ++r, ++facts) {
      const auto hits = index.top_k({e, sb.relation_token(r)}, t.k);
      if (static_cast<int>(hits.size()) < t.k) continue;
      std::vector<const std::vector<int>*> texts;
      for (const auto& h : hits) texts.push_back(&sb.documents[h.document].tokens);
      auto in = read_passages(sb, e, r, hits, texts);
      const int truth = sb.object(e, r);
      if (std::find(in.candidates.begin(), in.candidates.end(), truth) == in.candidates.end())
        continue;
      episodes.push_back(std::move(in));
      truths.push_back(truth);
    }
  Reader reader(t.hidden, rng);
  nn::Adam<float> adam(reader.params(), {.lr = t.lr});
  TrainedReader out;
  nn::Tape<float> tape;
  for (int step = 0; step < t.steps; ++step) {
    std::vector<ReaderInput> batch;
    std::vector<int> labels;
    for (int i = 0; i < t.batch; ++i) {
      const auto j = static_cast<std::size_t>(nn::uniform01(rng) * episodes.size());
      batch.push_back(episodes[j]);
      labels.push_back(truths[j]);
    }
    tape.clear();
    adam.zero_grad();
    const auto l = reader.loss(tape, batch, labels);
    tape.backward(l);
    adam.step();
    out.loss.push_back(l.item());
  }
  int right = 0;
  for (std::size_t i = 0; i < episodes.size(); ++i)
    right += reader.choose(episodes[i]) == truths[i];
  out.hop_accuracy = static_cast<double>(right) / facts;
  out.checkpoint = reader.checkpoint();
  return out;
}

}  // namespace assay::search_attacks
