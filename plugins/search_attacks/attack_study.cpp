#include "attack_study.hpp"

#include <numeric>
#include <stdexcept>

namespace assay::search_attacks {

const std::vector<Searcher>& all_searchers() {
  static const std::vector<Searcher> s = {Searcher::static_templates, Searcher::random,
                                          Searcher::ga, Searcher::cem, Searcher::creo};
  return s;
}

const ArmResult& arm(const CorpusStudy& s, Searcher which) {
  for (const auto& a : s.arms)
    if (a.searcher == which) return a;
  throw std::out_of_range("study: no arm " + std::string(searcher_name(which)));
}

CorpusStudy run_corpus_study(const StudySettings& s, std::uint64_t seed) {
  nn::Rng rng(seed);
  const auto sb = make_sandbox(s.sandbox, rng);
  const auto index = index_of(sb);
  const auto trained = train_reader(sb, index, s.reader, rng);
  const Reader reader(trained.checkpoint);
  const Environment env{sb, index, reader, s.reader.k, {}};
  const int n = static_cast<int>(sb.questions.size());
  if (s.held_out >= n) throw std::invalid_argument("study: held_out must leave training questions");
  std::vector<int> train(n - s.held_out), held_out(s.held_out);
  std::iota(train.begin(), train.end(), 0);
  std::iota(held_out.begin(), held_out.end(), n - s.held_out);
  CorpusStudy out{cue_statistics(sb), trained.hop_accuracy, clean_accuracy(env, held_out), {}, 0};
  for (auto searcher : all_searchers()) {
    nn::Rng search_rng(seed * 1000003 + static_cast<std::uint64_t>(searcher));
    auto r = run_search(searcher, env, train, held_out, s.search, search_rng);
    out.arms.push_back({searcher, r, evaluate_attack(env, r.best, held_out)});
  }
  const auto& best = arm(out, Searcher::creo);
  out.creo_cue_effect = best.held_out.success -
                        evaluate_attack(env, without_cues(best.search.best), held_out).success;
  if (s.coevolve) {
    nn::Rng co_rng(seed * 1000003 + 97);
    out.coevolution =
        coevolve(sb, index, reader, s.reader.k, train, held_out, s.coevolution, co_rng);
  }
  return out;
}

}  // namespace assay::search_attacks
