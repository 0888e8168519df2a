// Bi-level co-evolution: rounds of an attacker search (CREO-lite or another searcher) under the
// current defender, each followed by a defender update (the filter refitted on every best genome's
// passages so far). Per update: the last best genome's held-out success before and after it, and
// how the next round's search recovers (held-out success of its best so far per checkpoint).
#pragma once

#include <vector>

#include "attack_search.hpp"
#include "defender.hpp"

namespace assay::search_attacks {

struct CoevolutionSettings {
  Searcher attacker = Searcher::creo;
  SearchSettings search;  // per round; budget 240 by default here
  int rounds = 4;
  int filter_steps = 300;
  double filter_lr = 0.05;
  CoevolutionSettings() { search.budget = 240; }
};

struct DefenderUpdate {
  int round = 0;                 // the update after this round's search
  double success_before = 0;     // held-out success of the round's best, before the update
  double success_after = 0;      // the same genome after it
  double recovered = 0;          // the next round's best, under the updated defender
  int rollouts_to_recover = -1;  // first checkpoint of the next round at or above the
                                 // midpoint of before and after; -1 never
  double injected_flagged = 0, clean_flagged = 0;  // the filter on its own training passages
};

std::vector<DefenderUpdate> coevolve(const Sandbox& sb, const Bm25Index& index,
                                     const Reader& reader, int k, const std::vector<int>& train,
                                     const std::vector<int>& held_out, const CoevolutionSettings& s,
                                     nn::Rng& rng);

}  // namespace assay::search_attacks
