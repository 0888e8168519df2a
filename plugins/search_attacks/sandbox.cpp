#include "sandbox.hpp"

#include <stdexcept>

namespace assay::search_attacks {

namespace {

using W = WordClass;

int draw(nn::Rng& rng, int n) { return static_cast<int>(nn::uniform01(rng) * n); }
bool coin(nn::Rng& rng, double p) { return nn::uniform01(rng) < p; }

std::vector<int> words_of(WordClass kind) {
  std::vector<int> out;
  for (int w = 0; w < static_cast<int>(words().size()); ++w)
    if (words()[w].kind == kind) out.push_back(w);
  return out;
}

int wrong_entity(const Sandbox& sb, int avoid_a, int avoid_b, nn::Rng& rng) {
  for (;;) {
    const int e = draw(rng, sb.entities());
    if (e != avoid_a && e != avoid_b) return e;
  }
}

// One document claiming `object` for (subject, relation), with cue phrases and noise words.
Document render_document(const Sandbox& sb, int subject, int relation, int object, bool truth,
                         nn::Rng& rng) {
  const auto& s = sb.settings;
  static const auto authority = words_of(W::authority), recency = words_of(W::recency);
  static const auto noise = [] {
    auto v = words_of(W::filler);
    for (auto k : {W::contrast, W::instruction})
      for (int w : words_of(k)) v.push_back(w);
    return v;
  }();
  const double cue =
      s.cue_rate * (truth ? 1 + s.cue_truth_correlation : 1 - s.cue_truth_correlation);
  Document d{{}, truth};
  if (coin(rng, cue)) d.tokens.push_back(sb.word_token(authority[draw(rng, authority.size())]));
  if (coin(rng, cue)) d.tokens.push_back(sb.word_token(recency[draw(rng, recency.size())]));
  const int extra = draw(rng, s.noise_words + 1);
  for (int i = 0; i < extra; ++i) d.tokens.push_back(sb.word_token(noise[draw(rng, noise.size())]));
  render_claim(sb, draw(rng, claim_styles().size()), subject, relation, object, d.tokens);
  return d;
}

Question make_question(const Sandbox& sb, nn::Rng& rng) {
  const auto& s = sb.settings;
  Question q;
  q.start = draw(rng, s.entities);
  const int hops = s.min_hops + draw(rng, s.max_hops - s.min_hops + 1);
  int at = q.start;
  for (int h = 0; h < hops; ++h) {
    const int r = draw(rng, s.relations);
    const int next = sb.object(at, r);
    q.relations.push_back(r);
    q.chain.push_back(next);
    q.decoys.push_back(wrong_entity(sb, at, next, rng));
    at = next;
  }
  return q;
}

}  // namespace

const std::vector<Word>& words() {
  static const std::vector<Word> w = {{"the", W::filler},         {"of", W::filler},
                                      {"is", W::filler},          {"listed", W::filler},
                                      {"with", W::filler},        {"according", W::filler},
                                      {"to", W::filler},          {"sources", W::filler},
                                      {"page", W::filler},        {"article", W::filler},
                                      {"blog", W::filler},        {"known", W::filler},
                                      {"as", W::filler},          {"record", W::filler},
                                      {"entry", W::filler},       {"official", W::authority},
                                      {"verified", W::authority}, {"encyclopedia", W::authority},
                                      {"updated", W::recency},    {"latest", W::recency},
                                      {"2026", W::recency},       {"not", W::contrast},
                                      {"however", W::contrast},   {"incorrect", W::contrast},
                                      {"ignore", W::instruction}, {"previous", W::instruction},
                                      {"answer", W::instruction}, {"must", W::instruction},
                                      {"system", W::instruction}};
  return w;
}

const std::vector<std::vector<int>>& claim_styles() {
  // Word indices into words(): 0 the, 1 of, 2 is, 3 listed, 4 with, 5 according, 6 to,
  // 7 sources, 11 known, 12 as.
  static const std::vector<std::vector<int>> styles = {
      {kSubject, kRelation, kObject},
      {0, kRelation, 1, kSubject, 2, kObject},
      {kSubject, 2, 3, 4, kRelation, kObject},
      {5, 6, 7, kSubject, kRelation, 2, 11, 12, kObject}};
  return styles;
}

int Sandbox::vocabulary() const {
  return settings.entities + settings.relations + static_cast<int>(words().size());
}

int Sandbox::follow(int e, const std::vector<int>& relations) const {
  for (int r : relations) e = object(e, r);
  return e;
}

void render_claim(const Sandbox& sb, int style, int subject, int relation, int object,
                  std::vector<int>& out) {
  for (int slot : claim_styles().at(style))
    out.push_back(slot == kSubject    ? subject
                  : slot == kRelation ? sb.relation_token(relation)
                  : slot == kObject   ? object
                                      : sb.word_token(slot));
}

Sandbox make_sandbox(const SandboxSettings& s, nn::Rng& rng) {
  if (s.entities < 3 || s.relations < 1 || s.min_hops < 1 || s.max_hops < s.min_hops)
    throw std::invalid_argument(
        "sandbox: needs 3+ entities, 1+ relations, 1 <= min_hops <= max_hops");
  if (s.cue_rate * (1 + std::abs(s.cue_truth_correlation)) > 1)
    throw std::invalid_argument("sandbox: cue_rate (1 + |cue_truth_correlation|) exceeds 1");
  Sandbox sb{s, std::vector<int>(s.entities * s.relations), {}, {}};
  for (int e = 0; e < s.entities; ++e)
    for (int r = 0; r < s.relations; ++r) sb.kb[e * s.relations + r] = wrong_entity(sb, e, e, rng);
  for (int e = 0; e < s.entities; ++e)
    for (int r = 0; r < s.relations; ++r) {
      const int truth = sb.object(e, r);
      const int n_true = 1 + coin(rng, s.extra_true_rate);
      const int n_false = coin(rng, s.false_rate) + coin(rng, s.false_rate);
      for (int i = 0; i < n_true; ++i)
        sb.documents.push_back(render_document(sb, e, r, truth, true, rng));
      for (int i = 0; i < n_false; ++i)
        sb.documents.push_back(
            render_document(sb, e, r, wrong_entity(sb, e, truth, rng), false, rng));
    }
  for (int i = 0; i < s.questions; ++i) sb.questions.push_back(make_question(sb, rng));
  return sb;
}

std::vector<CueStatistics> cue_statistics(const Sandbox& sb) {
  std::vector<CueStatistics> out;
  for (auto [name, kind] :
       {std::pair{"authority", W::authority}, std::pair{"recency", W::recency}}) {
    double with = 0, true_with = 0, without = 0, true_without = 0;
    for (const auto& d : sb.documents) {
      bool has = false;
      for (int t : d.tokens)
        has |= t >= sb.word_token(0) && words()[t - sb.word_token(0)].kind == kind;
      (has ? with : without) += 1;
      (has ? true_with : true_without) += d.states_truth;
    }
    out.push_back({name, with / (with + without), true_with / with, true_without / without});
  }
  return out;
}

}  // namespace assay::search_attacks
