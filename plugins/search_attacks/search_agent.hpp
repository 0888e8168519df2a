// The scripted multi-hop agent: per hop it queries BM25 with (current entity, relation), reads
// the k passages with the reader, and moves to the chosen entity. An attacker's documents join
// the corpus for the question; a defender's filter may drop passages before the reader.
#pragma once

#include <functional>
#include <vector>

#include "bm25_index.hpp"
#include "reader.hpp"
#include "sandbox.hpp"

namespace assay::search_attacks {

// true for each passage the reader may see.
using PassageFilter = std::function<std::vector<bool>(const ReaderInput&)>;

struct Environment {
  const Sandbox& sandbox;
  const Bm25Index& index;
  const Reader& reader;
  int k = 5;
  PassageFilter filter;  // empty: no defence
};

struct HopTrace {
  int chosen = -1;
  bool injected_retrieved = false;  // an added document was among the k passages
};

struct AgentRun {
  std::vector<HopTrace> hops;
  int answer = -1;
};

AgentRun run_agent(const Environment& env, const Question& q,
                   const std::vector<std::vector<int>>& injected = {});

// Share of `questions` (indices into the sandbox's) answered correctly without any attack.
double clean_accuracy(const Environment& env, const std::vector<int>& questions);

}  // namespace assay::search_attacks
