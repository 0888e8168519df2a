#include "search_agent.hpp"

namespace assay::search_attacks {

AgentRun run_agent(const Environment& env, const Question& q,
                   const std::vector<std::vector<int>>& injected) {
  const auto& sb = env.sandbox;
  std::vector<const std::vector<int>*> added;
  for (const auto& d : injected) added.push_back(&d);
  AgentRun run;
  int at = q.start;
  for (int r : q.relations) {
    auto hits = env.index.top_k({at, sb.relation_token(r)}, env.k, added);
    HopTrace hop;
    std::vector<const std::vector<int>*> texts;
    for (const auto& h : hits) {
      const bool is_added = h.document >= env.index.size();
      hop.injected_retrieved |= is_added;
      texts.push_back(is_added ? added[h.document - env.index.size()]
                               : &sb.documents[h.document].tokens);
    }
    auto in = read_passages(sb, at, r, hits, texts);
    if (env.filter) {
      const auto keep = env.filter(in);
      for (std::size_t i = 0; i < keep.size(); ++i)
        if (!keep[i]) in.candidates[i] = -1;
    }
    hop.chosen = env.reader.choose(in);
    run.hops.push_back(hop);
    if (hop.chosen < 0) break;  // nothing to read: the agent gives up
    at = hop.chosen;
  }
  run.answer = run.hops.size() == q.relations.size() ? run.hops.back().chosen : -1;
  return run;
}

double clean_accuracy(const Environment& env, const std::vector<int>& questions) {
  int right = 0;
  for (int i : questions) {
    const auto& q = env.sandbox.questions[i];
    right += run_agent(env, q).answer == q.chain.back();
  }
  return static_cast<double>(right) / static_cast<double>(questions.size());
}

}  // namespace assay::search_attacks
