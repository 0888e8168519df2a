// One corpus's attack study: sandbox, index, reader trained once, clean accuracy, then every
// searcher at the same budget against that reader, its best genome scored on held-out questions,
// the cue ablation of CREO-lite's best (success minus success with the cue genes off), and
// optionally a co-evolution against the defender.
#pragma once

#include <cstdint>
#include <vector>

#include "coevolution.hpp"

namespace assay::search_attacks {

struct StudySettings {
  SandboxSettings sandbox;
  ReaderTraining reader;
  SearchSettings search;
  int held_out = 100;  // the last questions; rollouts draw from the others
  bool coevolve = false;
  CoevolutionSettings coevolution;
};

struct ArmResult {
  Searcher searcher;
  SearchResult search;
  AttackMetrics held_out;
};

struct CorpusStudy {
  std::vector<CueStatistics> cues;
  double hop_accuracy = 0, clean_accuracy = 0;
  std::vector<ArmResult> arms;  // in the order of all_searchers()
  double creo_cue_effect = 0;
  std::vector<DefenderUpdate> coevolution;  // when StudySettings::coevolve
};

const std::vector<Searcher>& all_searchers();
const ArmResult& arm(const CorpusStudy& s, Searcher which);

CorpusStudy run_corpus_study(const StudySettings& s, std::uint64_t seed);

}  // namespace assay::search_attacks
