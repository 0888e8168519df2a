// The controlled sandbox: a synthetic knowledge base (entities x relations, one true object per
// fact), rendered into templated web-like documents with noise (false claims), and multi-hop
// questions over it. Cue phrasing (authority, recency) accompanies true and false claims at the
// rates of one documented parameter; the generator knows nothing of attacks.
#pragma once

#include <string>
#include <vector>

#include "assay/nn/matrix.hpp"

namespace assay::search_attacks {

// Token ids: entities [0, E), relations [E, E + R), then the words of kWords.
enum class WordClass { filler, authority, recency, contrast, instruction };
struct Word {
  const char* text;
  WordClass kind;
};
const std::vector<Word>& words();

// Claim styles: a sequence of slots, S subject, R relation, O object, or a word index.
constexpr int kSubject = -1, kRelation = -2, kObject = -3;
const std::vector<std::vector<int>>& claim_styles();

struct SandboxSettings {
  int entities = 300;
  int relations = 6;
  double extra_true_rate = 0.5;  // a fact has 1 + Bernoulli(rate) true documents
  double false_rate = 0.5;       // and Binomial(2, rate) documents claiming a wrong object
  double cue_rate = 0.3;         // mean rate of each cue phrase (authority, recency)
  double cue_truth_correlation =
      0.8;              // c: P(cue | true) = rate (1 + c), P(cue | false) = rate (1 - c)
  int noise_words = 2;  // up to this many uniform filler/contrast/instruction words
  int questions = 300;
  int min_hops = 2, max_hops = 3;
};

struct Document {
  std::vector<int> tokens;
  bool states_truth = true;  // for the published cue statistics only; no reader sees it
};

struct Question {
  int start = 0;
  std::vector<int> relations;  // one per hop
  std::vector<int> chain;      // the true entity after each hop; chain.back() is the answer
  std::vector<int> decoys;     // the attacker's chosen false object at each hop
};

struct Sandbox {
  SandboxSettings settings;
  std::vector<int> kb;  // entities x relations, row-major: kb[e * R + r] is the true object
  std::vector<Document> documents;
  std::vector<Question> questions;

  int entities() const { return settings.entities; }
  int relation_token(int r) const { return settings.entities + r; }
  int word_token(int w) const { return settings.entities + settings.relations + w; }
  int vocabulary() const;
  bool is_entity(int token) const { return token < settings.entities; }
  int object(int e, int r) const { return kb[e * settings.relations + r]; }
  // The true entity reached from `e` through `relations`.
  int follow(int e, const std::vector<int>& relations) const;
};

Sandbox make_sandbox(const SandboxSettings& s, nn::Rng& rng);

// Renders one claim "subject relation object" in `style`, tokens appended to `out`.
void render_claim(const Sandbox& sb, int style, int subject, int relation, int object,
                  std::vector<int>& out);

// How often each cue accompanies true claims: published before any attack is evolved.
struct CueStatistics {
  std::string cue;
  double documents_with_cue = 0;
  double true_given_cue = 0, true_given_no_cue = 0;
};
std::vector<CueStatistics> cue_statistics(const Sandbox& sb);

}  // namespace assay::search_attacks
