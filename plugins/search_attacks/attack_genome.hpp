// An attack strategy as a genome of categorical genes, the documents it injects for a question,
// and one rollout of it: the agent answers with those documents in the corpus.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "search_agent.hpp"

namespace assay::search_attacks {

enum Gene { stuffing, style, authority, recency, contradiction, instruction, copies, hop };
constexpr int kGenes = 8;
using Genome = std::array<int, kGenes>;

// Values each gene takes: stuffing 0-3 query copies, style (claim_styles), the four flags,
// copies 1-3 documents (value + 1), hop 0-2 (clipped to the question's last hop).
const std::array<int, kGenes>& gene_arity();
const std::array<const char*, kGenes>& gene_names();
std::string genome_text(const Genome& g);

// The hop the genome hijacks in q, and the answer the attacker wants the agent to give: the
// decoy at that hop followed through the true knowledge base.
int targeted_hop(const Question& q, const Genome& g);
int attack_target(const Sandbox& sb, const Question& q, const Genome& g);

std::vector<std::vector<int>> injected_documents(const Sandbox& sb, const Question& q,
                                                 const Genome& g);

struct RolloutOutcome {
  bool success = false;    // final answer == attack_target
  bool retrieved = false;  // an injected document among the passages of the targeted hop
  bool hijacked = false;   // the targeted hop chose the decoy
};
RolloutOutcome rollout(const Environment& env, const Question& q, const Genome& g);

// The genome with its cue genes (authority, recency) off.
Genome without_cues(Genome g);

}  // namespace assay::search_attacks
