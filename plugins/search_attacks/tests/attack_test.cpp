#include <algorithm>
#include <catch2/catch.hpp>
#include <numeric>

#include "attack_study.hpp"
#include "defender.hpp"

namespace sa = assay::search_attacks;

namespace {
struct World {
  sa::Sandbox sb;
  sa::Bm25Index index;
  sa::Reader reader;
};
World trained(double correlation) {
  sa::SandboxSettings s;
  s.entities = 150;
  s.relations = 4;
  s.questions = 120;
  s.cue_truth_correlation = correlation;
  assay::nn::Rng rng(5);
  auto sb = sa::make_sandbox(s, rng);
  auto index = sa::index_of(sb);
  sa::ReaderTraining t;
  t.steps = 300;
  const auto r = sa::train_reader(sb, index, t, rng);
  return {std::move(sb), std::move(index), sa::Reader(r.checkpoint)};
}
}  // namespace

TEST_CASE("the reader learns to answer single hops well above chance", "[search_attacks]") {
  sa::SandboxSettings s;
  s.entities = 150;
  s.relations = 4;
  assay::nn::Rng rng(5);
  const auto sb = sa::make_sandbox(s, rng);
  const auto index = sa::index_of(sb);
  sa::ReaderTraining t;
  t.steps = 300;
  const auto r = sa::train_reader(sb, index, t, rng);
  REQUIRE(r.loss.back() < r.loss.front());
  REQUIRE(r.hop_accuracy > 0.5);  // chance among 5 passages' candidates is at most ~0.3
}

TEST_CASE("the reader's checkpoint reloads to the same choices", "[search_attacks]") {
  const auto w = trained(0.8);
  const sa::Reader copy(w.reader.checkpoint());
  const sa::Environment a{w.sb, w.index, w.reader}, b{w.sb, w.index, copy};
  for (const auto& q : w.sb.questions)
    REQUIRE(sa::run_agent(a, q).answer == sa::run_agent(b, q).answer);
}

TEST_CASE("injected documents carry the query terms and end with the decoy", "[search_attacks]") {
  const auto w = trained(0.8);
  const auto& q = w.sb.questions[0];
  sa::Genome g{3, 0, 1, 1, 1, 1, 2, 0};
  const auto docs = sa::injected_documents(w.sb, q, g);
  REQUIRE(docs.size() == 3);
  REQUIRE(std::count(docs[0].begin(), docs[0].end(), q.start) == 4);  // 3 stuffed + the claim
  int last_entity = -1;
  for (int t : docs[0])
    if (w.sb.is_entity(t) && t != q.start) last_entity = t;
  REQUIRE(last_entity == q.decoys[0]);
  REQUIRE(sa::attack_target(w.sb, q, g) ==
          w.sb.follow(q.decoys[0], {q.relations.begin() + 1, q.relations.end()}));
}

TEST_CASE("query-term stuffing gets the injection retrieved, and success needs the hijack",
          "[search_attacks]") {
  const auto w = trained(0.8);
  const sa::Environment env{w.sb, w.index, w.reader};
  std::vector<int> qs(40);
  std::iota(qs.begin(), qs.end(), 0);
  const auto stuffed = sa::evaluate_attack(env, {3, 0, 0, 0, 0, 0, 2, 0}, qs);
  REQUIRE(stuffed.retrieved > 0.9);
  REQUIRE(stuffed.adoption_given_retrieval > 0);
  REQUIRE(stuffed.success <= stuffed.hijacked);
}

TEST_CASE("every searcher spends exactly its budget and reports its curve", "[search_attacks]") {
  const auto w = trained(0.8);
  const sa::Environment env{w.sb, w.index, w.reader};
  std::vector<int> train(80), held_out(40);
  std::iota(train.begin(), train.end(), 0);
  std::iota(held_out.begin(), held_out.end(), 80);
  sa::SearchSettings s;
  s.budget = 96;
  s.checkpoints = 4;
  for (auto searcher : sa::all_searchers()) {
    INFO(sa::searcher_name(searcher));
    assay::nn::Rng rng(2);
    const auto r = sa::run_search(searcher, env, train, held_out, s, rng);
    REQUIRE(r.curve.size() == 4);
    REQUIRE(r.curve.back().rollouts == 96);
    REQUIRE(r.best_estimate >= 0);
    REQUIRE(r.best_estimate <= 1);
    if (searcher == sa::Searcher::static_templates) {
      const auto t = sa::static_templates();
      REQUIRE(std::find(t.begin(), t.end(), r.best) != t.end());
    }
  }
}

TEST_CASE("cue words move the reader more where the corpus tied them to truth",
          "[search_attacks]") {
  // The cue ablation: same genome with and without cues, on 120 questions each corpus.
  double effect[2];
  for (int c = 0; c < 2; ++c) {
    const auto w = trained(c == 0 ? 0.8 : 0.0);
    const sa::Environment env{w.sb, w.index, w.reader};
    std::vector<int> qs(w.sb.questions.size());
    std::iota(qs.begin(), qs.end(), 0);
    const sa::Genome cued{1, 0, 1, 1, 0, 0, 0, 2};
    effect[c] = sa::evaluate_attack(env, cued, qs).success -
                sa::evaluate_attack(env, sa::without_cues(cued), qs).success;
  }
  INFO("clean " << effect[0] << " control " << effect[1]);
  REQUIRE(effect[0] > effect[1]);
}

TEST_CASE("the defender's filter flags the attacker's passages it was fitted on, few clean ones",
          "[search_attacks]") {
  const auto w = trained(0.8);
  const sa::Environment env{w.sb, w.index, w.reader};
  std::vector<int> qs(60);
  std::iota(qs.begin(), qs.end(), 0);
  sa::LabelledPassages seen;
  const sa::Genome stuffed{3, 0, 0, 0, 0, 1, 2, 2};
  sa::collect_passages(env, stuffed, qs, seen);
  assay::nn::Rng rng(4);
  const sa::InjectionFilter filter(seen, 300, 0.05, rng);
  REQUIRE(filter.flagged_share(seen, true) > 0.9);
  REQUIRE(filter.flagged_share(seen, false) < 0.05);
  sa::Environment defended = env;
  defended.filter = [&](const sa::ReaderInput& in) { return filter.keep(in); };
  REQUIRE(sa::evaluate_attack(defended, stuffed, qs).success <
          sa::evaluate_attack(env, stuffed, qs).success);
}
