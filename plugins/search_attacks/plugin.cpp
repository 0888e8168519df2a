// The search_attacks plugin: SDK glue for adversarial self-evolution of attacks on a search
// agent (seed paper 8, CREO). Every method rebuilds the sandbox from its params and
// corpus_seed (deterministic), so the sandbox never crosses a port; the reader trained once in
// reader_train flows downstream as a checkpoint.
#include <assay/nn/checkpoint_value.hpp>
#include <assay/sdk.hpp>
#include <numeric>

#include "attack_study.hpp"
#include "coevolution.hpp"
#include "paper_claims.hpp"

namespace {

namespace sa = assay::search_attacks;
namespace nn = assay::nn;

constexpr const char* kPaper =
    "Adversarial self-evolution of attacks on LLM search agents: Contrastive Rollout "
    "Evolutionary Optimization (CREO) against an adaptive defender in a controlled sandbox "
    "(seed paper 8)";

struct Corpus {
  sa::SandboxSettings sandbox;
  int corpus_seed = 1;
  int held_out = 100;
};

template <class B, class S>
void corpus_params(B& b) {
  b.param(
       [](S & s) -> auto& { return s.corpus.sandbox.entities; }, "entities",
       "entities of the knowledge base", assay::range(3, 100000))
      .param(
          [](S & s) -> auto& { return s.corpus.sandbox.relations; }, "relations",
          "relations per entity", assay::range(1, 100))
      .param(
          [](S & s) -> auto& { return s.corpus.sandbox.false_rate; }, "false_rate",
          "each of 2 noise documents per fact claims a wrong object with this probability",
          assay::range(0, 1))
      .param(
          [](S & s) -> auto& { return s.corpus.sandbox.cue_rate; }, "cue_rate",
          "mean rate of each cue phrase (authority, recency) per document", assay::range(0, 0.5))
      .param(
          [](S & s) -> auto& { return s.corpus.sandbox.cue_truth_correlation; },
          "cue_truth_correlation",
          "c: P(cue | true claim) = rate (1 + c), P(cue | false claim) = rate (1 - c); 0 is "
          "the control corpus",
          assay::range(-1, 1))
      .param(
          [](S & s) -> auto& { return s.corpus.sandbox.questions; }, "questions",
          "multi-hop questions (2-3 hops)", assay::range(10, 100000))
      .param(
          [](S & s) -> auto& { return s.corpus.held_out; }, "held_out",
          "the last questions, held out from every search's rollouts", assay::range(1, 100000))
      .param(
          [](S & s) -> auto& { return s.corpus.corpus_seed; }, "corpus_seed",
          "seed of the knowledge base, documents and questions", assay::range(0, 1 << 30));
}

sa::Sandbox sandbox_of(const Corpus& c) {
  if (c.held_out >= c.sandbox.questions)
    throw assay::Error("held_out: must be fewer than questions");
  nn::Rng rng(static_cast<std::uint64_t>(c.corpus_seed));
  try {
    return sa::make_sandbox(c.sandbox, rng);
  } catch (const std::invalid_argument& e) {
    throw assay::Error(e.what());
  }
}

// The searchers by their names (sa::searcher_name).
std::vector<std::pair<std::string, sa::Searcher>> searcher_choices() {
  std::vector<std::pair<std::string, sa::Searcher>> out;
  for (auto s : sa::all_searchers()) out.emplace_back(sa::searcher_name(s), s);
  return out;
}

std::vector<int> question_range(int from, int to) {
  std::vector<int> v(to - from);
  std::iota(v.begin(), v.end(), from);
  return v;
}

// ---------------------------------------------------------------- kb_sandbox

struct SandboxIn {
  Corpus corpus;
};
struct CueRow {
  std::string cue;
  double documents_with_cue = 0, true_given_cue = 0, true_given_no_cue = 0;
};
struct SandboxOut {
  int documents = 0, questions = 0;
  std::vector<CueRow> cues;
};

assay::MethodExport kb_sandbox_method() {
  using S = SandboxIn;
  using O = SandboxOut;
  return assay::method<S, O>("kb_sandbox",
                             "Synthetic knowledge base rendered into templated documents with "
                             "false-claim noise, multi-hop questions, and the corpus's cue "
                             "statistics (published before any attack is evolved)")
      .cite(kPaper)
      .with(corpus_params<assay::MethodBuilder<S, O>, S>)
      .output(&O::documents, "documents", "documents in the corpus")
      .output(&O::questions, "questions", "questions")
      .output(&O::cues, "cues",
              "per cue: share of documents with it, P(true claim | cue), P(true claim | no cue)",
              assay::columns<CueRow>()
                  .column(&CueRow::cue, "cue")
                  .column(&CueRow::documents_with_cue, "documents_with_cue")
                  .column(&CueRow::true_given_cue, "true_given_cue")
                  .column(&CueRow::true_given_no_cue, "true_given_no_cue"))
      .run([](const S& s, assay::Context&) {
        const auto sb = sandbox_of(s.corpus);
        O out{static_cast<int>(sb.documents.size()), static_cast<int>(sb.questions.size()), {}};
        for (const auto& c : sa::cue_statistics(sb))
          out.cues.push_back({c.cue, c.documents_with_cue, c.true_given_cue, c.true_given_no_cue});
        return out;
      });
}

// ---------------------------------------------------------------- reader_train

struct ReaderIn {
  Corpus corpus;
  sa::ReaderTraining training;
};
struct LossRow {
  int step = 0;
  double loss = 0;
};
struct ReaderOut {
  nn::Checkpoint<float> model;
  double hop_accuracy = 0;
  std::vector<LossRow> history;
};

assay::MethodExport reader_train_method() {
  using S = ReaderIn;
  using O = ReaderOut;
  return assay::method<S, O>("reader_train",
                             "Trains the passage reader (MLP over each retrieved passage's words "
                             "and retrieval features, softmax over passages) from scratch on "
                             "every fact's BM25 retrieval in the clean corpus")
      .cite(kPaper)
      .with(corpus_params<assay::MethodBuilder<S, O>, S>)
      .param(
          [](S & s) -> auto& { return s.training.hidden; }, "hidden", "hidden units",
          assay::range(1, 4096))
      .param(
          [](S & s) -> auto& { return s.training.steps; }, "steps", "Adam steps",
          assay::range(1, 1 << 20))
      .param(
          [](S & s) -> auto& { return s.training.batch; }, "batch", "episodes per step",
          assay::range(1, 4096))
      .param(
          [](S & s) -> auto& { return s.training.lr; }, "lr", "Adam learning rate",
          assay::range(1e-6, 1))
      .param(
          [](S & s) -> auto& { return s.training.k; }, "k", "passages retrieved per hop",
          assay::range(1, 100))
      .output(&O::model, "model",
              "the reader's checkpoint (config: hidden, features; k is not in it)")
      .output(&O::hop_accuracy, "hop_accuracy", "single-hop accuracy over every fact")
      .output(
          &O::history, "history", "per step: step, loss",
          assay::columns<LossRow>().column(&LossRow::step, "step").column(&LossRow::loss, "loss"))
      .run([](const S& s, assay::Context& ctx) {
        const auto sb = sandbox_of(s.corpus);
        const auto index = sa::index_of(sb);
        auto rng = ctx.rng();
        auto t = sa::train_reader(sb, index, s.training, rng);
        O out{std::move(t.checkpoint), t.hop_accuracy, {}};
        for (std::size_t i = 0; i < t.loss.size(); ++i)
          out.history.push_back({static_cast<int>(i + 1), t.loss[i]});
        return out;
      });
}

// ---------------------------------------------------------------- search_agent

struct AgentIn {
  Corpus corpus;
  nn::Checkpoint<float> model;
  int k = 5;
};
struct AgentOut {
  double clean_accuracy = 0;
};

sa::Reader reader_of(const nn::Checkpoint<float>& model) {
  try {
    return sa::Reader(model);
  } catch (const std::exception& e) {
    throw assay::Error(std::string("model: ") + e.what());
  }
}

// The sandbox of a corpus, its index and a trained reader: what an agent runs in.
struct World {
  sa::Sandbox sandbox;
  sa::Bm25Index index;
  sa::Reader reader;
  std::vector<int> train, held_out;  // question indices
  sa::Environment environment(int k) const { return {sandbox, index, reader, k, {}}; }
};

World world_of(const Corpus& c, const nn::Checkpoint<float>& model) {
  auto sb = sandbox_of(c);
  auto index = sa::index_of(sb);
  const int n = c.sandbox.questions;
  return {std::move(sb), std::move(index), reader_of(model), question_range(0, n - c.held_out),
          question_range(n - c.held_out, n)};
}

assay::MethodExport search_agent_method() {
  using S = AgentIn;
  using O = AgentOut;
  return assay::method<S, O>("search_agent",
                             "The scripted multi-hop agent (BM25 k1 1.5, b 0.75 per hop, then the "
                             "reader) on the held-out questions without attack")
      .cite(kPaper)
      .with(corpus_params<assay::MethodBuilder<S, O>, S>)
      .input(&S::model, "model", "reader_train's model")
      .param(&S::k, "k", "passages retrieved per hop", assay::range(1, 100))
      .output(&O::clean_accuracy, "clean_accuracy", "share of held-out questions answered right")
      .run([](const S& s, assay::Context&) {
        const auto w = world_of(s.corpus, s.model);
        return O{sa::clean_accuracy(w.environment(s.k), w.held_out)};
      });
}

// ---------------------------------------------------------------- attack_evolution

struct AttackIn {
  Corpus corpus;
  nn::Checkpoint<float> model;
  int k = 5;
  sa::Searcher searcher = sa::Searcher::creo;
  sa::SearchSettings search;
};
struct CurveRow {
  int rollouts = 0;
  double held_out_success = 0;
};
struct AttackOut {
  double success = 0, retrieved = 0, hijacked = 0, adoption_given_retrieval = 0,
         clean_accuracy_cost = 0, auc = 0, best_estimate = 0, cue_effect = 0;
  std::string best;
  std::vector<CurveRow> curve;
};

assay::MethodExport attack_evolution_method() {
  using S = AttackIn;
  using O = AttackOut;
  return assay::method<S, O>("attack_evolution",
                             "Searches attack genomes by rollouts at a fixed budget (static "
                             "PoisonedRAG-style templates, random, GA, CEM or CREO-lite) and "
                             "scores the best on held-out questions")
      .cite(kPaper)
      .with(corpus_params<assay::MethodBuilder<S, O>, S>)
      .input(&S::model, "model", "reader_train's model")
      .param(&S::k, "k", "passages retrieved per hop", assay::range(1, 100))
      .choice(&S::searcher, "searcher", searcher_choices(), "how genomes are proposed")
      .param(
          [](S & s) -> auto& { return s.search.budget; }, "budget", "rollouts",
          assay::range(1, 1 << 24))
      .param(
          [](S & s) -> auto& { return s.search.rollouts_per_genome; }, "rollouts_per_genome",
          "rollouts per fitness estimate", assay::range(1, 4096))
      .param(
          [](S & s) -> auto& { return s.search.population; }, "population",
          "GA/CREO-lite population, CEM samples per update", assay::range(2, 4096))
      .param(
          [](S & s) -> auto& { return s.search.elites; }, "elites",
          "kept genomes (GA/CREO-lite), elite count (CEM)", assay::range(1, 4096))
      .param(
          [](S & s) -> auto& { return s.search.mutation; }, "mutation",
          "per-gene mutation probability", assay::range(0, 1))
      .param(
          [](S & s) -> auto& { return s.search.contrast_beta; }, "contrast_beta",
          "CREO-lite: mutation weights exp(beta * contrast)", assay::range(0, 1000))
      .output(&O::success, "success", "held-out attack success of the best genome")
      .output(&O::retrieved, "retrieved", "injected document retrieved at the targeted hop")
      .output(&O::hijacked, "hijacked", "targeted hop chose the decoy")
      .output(&O::adoption_given_retrieval, "adoption_given_retrieval",
              "hijacked among rollouts whose targeted hop retrieved an injected document")
      .output(&O::clean_accuracy_cost, "clean_accuracy_cost",
              "accuracy drop on the next question with these documents in the corpus")
      .output(&O::auc, "auc", "mean held-out success of the best-so-far over the curve")
      .output(&O::best_estimate, "best_estimate", "the best genome's in-search success rate")
      .output(&O::cue_effect, "cue_effect",
              "held-out success lost when the best genome's authority/recency genes are off")
      .output(&O::best, "best", "the best genome, gene=value")
      .output(&O::curve, "curve", "rollouts spent, held-out success of the best so far",
              assay::columns<CurveRow>()
                  .column(&CurveRow::rollouts, "rollouts")
                  .column(&CurveRow::held_out_success, "held_out_success"))
      .claims(sa::paper_claims())
      .run([](const S& s, assay::Context& ctx) {
        const auto w = world_of(s.corpus, s.model);
        const auto env = w.environment(s.k);
        const auto& held_out = w.held_out;
        auto rng = ctx.rng();
        const auto r = sa::run_search(s.searcher, env, w.train, held_out, s.search, rng);
        const auto m = sa::evaluate_attack(env, r.best, held_out);
        O out{m.success,
              m.retrieved,
              m.hijacked,
              m.adoption_given_retrieval,
              m.clean_accuracy_cost,
              r.auc,
              r.best_estimate,
              m.success - sa::evaluate_attack(env, sa::without_cues(r.best), held_out).success,
              sa::genome_text(r.best),
              {}};
        for (const auto& p : r.curve) out.curve.push_back({p.rollouts, p.held_out_success});
        return out;
      });
}

// ---------------------------------------------------------------- attack_coevolution

struct CoevolutionIn {
  Corpus corpus;
  nn::Checkpoint<float> model;
  int k = 5;
  sa::CoevolutionSettings coevolution;
};
struct UpdateRow {
  int round = 0, rollouts_to_recover = -1;
  double success_before = 0, success_after = 0, recovered = 0, injected_flagged = 0,
         clean_flagged = 0;
};
struct CoevolutionOut {
  std::vector<UpdateRow> updates;
  double mean_drop = 0, mean_recovered = 0;
};

assay::MethodExport attack_coevolution_method() {
  using S = CoevolutionIn;
  using O = CoevolutionOut;
  return assay::method<S, O>("attack_coevolution",
                             "Bi-level co-evolution: rounds of CREO-lite (or another searcher) "
                             "under the current defender, each followed by refitting the "
                             "defender's logistic passage filter on every best genome so far")
      .cite(kPaper)
      .with(corpus_params<assay::MethodBuilder<S, O>, S>)
      .input(&S::model, "model", "reader_train's model")
      .param(&S::k, "k", "passages retrieved per hop", assay::range(1, 100))
      .choice(
          [](S & s) -> auto& { return s.coevolution.attacker; }, "searcher", searcher_choices(),
          "the attacker's searcher")
      .param(
          [](S & s) -> auto& { return s.coevolution.rounds; }, "rounds",
          "attacker rounds (a defender update between consecutive ones)", assay::range(2, 1000))
      .param(
          [](S & s) -> auto& { return s.coevolution.search.budget; }, "budget",
          "rollouts per round", assay::range(8, 1 << 24))
      .param(
          [](S & s) -> auto& { return s.coevolution.filter_steps; }, "filter_steps",
          "Adam steps per filter fit", assay::range(1, 1 << 20))
      .output(&O::updates, "updates",
              "per defender update: round, the old best's held-out success before and after, "
              "the next round's best, rollouts to the before/after midpoint (-1 never), and the "
              "filter's flag rates on its injected and clean training passages",
              assay::columns<UpdateRow>()
                  .column(&UpdateRow::round, "round")
                  .column(&UpdateRow::success_before, "success_before")
                  .column(&UpdateRow::success_after, "success_after")
                  .column(&UpdateRow::recovered, "recovered")
                  .column(&UpdateRow::rollouts_to_recover, "rollouts_to_recover")
                  .column(&UpdateRow::injected_flagged, "injected_flagged")
                  .column(&UpdateRow::clean_flagged, "clean_flagged"))
      .output(&O::mean_drop, "mean_drop", "mean success the old best loses at an update")
      .output(&O::mean_recovered, "mean_recovered", "mean success of the next round's best")
      .run([](const S& s, assay::Context& ctx) {
        const auto w = world_of(s.corpus, s.model);
        auto rng = ctx.rng();
        const auto updates = sa::coevolve(w.sandbox, w.index, w.reader, s.k, w.train, w.held_out,
                                          s.coevolution, rng);
        O out;
        for (const auto& u : updates) {
          out.updates.push_back({u.round, u.rollouts_to_recover, u.success_before, u.success_after,
                                 u.recovered, u.injected_flagged, u.clean_flagged});
          out.mean_drop += (u.success_before - u.success_after) / updates.size();
          out.mean_recovered += u.recovered / updates.size();
        }
        return out;
      });
}

}  // namespace

ASSAY_PLUGIN("search_attacks", "0.1.0", "MIT", kb_sandbox_method(), reader_train_method(),
             search_agent_method(), attack_evolution_method(), attack_coevolution_method())
