// Searching attack genomes by rollouts at an equal budget: PoisonedRAG-style static templates,
// random search, a plain GA, CEM, and CREO-lite (our reading of Contrastive Rollout Evolutionary
// Optimization: the GA with elitism whose mutation draws gene values in proportion to
// exp(beta * contrast), contrast = P(value | successful rollout) - P(value | failed rollout)
// over every rollout so far).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "attack_genome.hpp"

namespace assay::search_attacks {

enum class Searcher { static_templates, random, ga, cem, creo };
Searcher parse_searcher(const std::string& name);
const char* searcher_name(Searcher s);

struct SearchSettings {
  int budget = 480;             // rollouts
  int rollouts_per_genome = 8;  // one fitness estimate
  int population = 8;
  int elites = 2;
  double mutation = 0.25;      // per-gene mutation probability of a child
  double contrast_beta = 8;    // CREO-lite: sharpness of contrast-steered mutation
  double cem_smoothing = 0.3;  // CEM: weight of the elites' frequencies per update
  int checkpoints = 8;         // points of the success-vs-rollouts curve
};

// The PoisonedRAG-style hand-made templates: query copy + false claim at the last hop, 3 copies,
// in styles 0 and 1, and with instruction-like text.
std::vector<Genome> static_templates();

struct AttackMetrics {
  double success = 0;
  double retrieved = 0;  // injected document retrieved at the targeted hop
  double hijacked = 0;   // targeted hop chose the decoy
  double adoption_given_retrieval = 0;
  double clean_accuracy_cost = 0;  // accuracy drop on other questions with these documents in
};
AttackMetrics evaluate_attack(const Environment& env, const Genome& g,
                              const std::vector<int>& questions);

struct CurvePoint {
  int rollouts = 0;
  double held_out_success = 0;  // of the best genome so far
};

struct SearchResult {
  Genome best{};
  double best_estimate = 0;  // its in-search success rate
  std::vector<CurvePoint> curve;
  double auc = 0;  // mean held-out success over the curve's points
};

// Rollouts draw questions from `train`; the curve scores the best genome on `held_out` (not
// counted in the budget).
SearchResult run_search(Searcher s, const Environment& env, const std::vector<int>& train,
                        const std::vector<int>& held_out, const SearchSettings& settings,
                        nn::Rng& rng);

}  // namespace assay::search_attacks
