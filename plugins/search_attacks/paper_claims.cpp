#include "paper_claims.hpp"

#include <functional>
#include <future>
#include <map>
#include <mutex>

#include "assay/stats/resampling.hpp"
#include "attack_study.hpp"

namespace assay::search_attacks {

namespace {

constexpr int kSeeds = 10;
constexpr const char* kFindings = "README.md#findings";

struct SeedStudy {
  CorpusStudy clean, control;
};

const std::vector<SeedStudy>& check_study(std::uint64_t seed) {
  static std::mutex mutex;
  static std::map<std::uint64_t, std::shared_future<std::vector<SeedStudy>>> studies;
  std::shared_future<std::vector<SeedStudy>> study;
  {
    std::lock_guard lock(mutex);
    auto it = studies.find(seed);
    if (it == studies.end())
      it = studies
               .emplace(seed,
                        std::async(std::launch::deferred,
                                   [seed] {
                                     std::vector<SeedStudy> out;
                                     for (int k = 0; k < kSeeds; ++k) {
                                       StudySettings s;
                                       s.coevolve = true;  // on the clean corpus only
                                       const auto base = seed * 7919 + k;
                                       auto clean = run_corpus_study(s, base);
                                       s.coevolve = false;
                                       s.sandbox.cue_truth_correlation = 0;
                                       out.push_back({std::move(clean), run_corpus_study(s, base)});
                                     }
                                     return out;
                                   })
                            .share())
               .first;
    study = it->second;
  }
  return study.get();
}

// The lower end of the 95% bootstrap interval of the mean of f over seeds must exceed 0.
CheckResult positive(const CheckContext& ctx, const std::function<double(const SeedStudy&)>& f,
                     const std::string& what) {
  const auto& study = check_study(ctx.seed);
  Eigen::VectorXd v(static_cast<Eigen::Index>(study.size()));
  for (std::size_t i = 0; i < study.size(); ++i) v(static_cast<Eigen::Index>(i)) = f(study[i]);
  nn::Rng rng(ctx.seed);
  const auto ci = stats::bootstrap_ci(
      v, [](const Eigen::VectorXd& x) { return x.mean(); }, 4000, 0.95, rng);
  std::string per_seed;
  for (Eigen::Index i = 0; i < v.size(); ++i) per_seed += (i ? ", " : "") + number_text(v(i));
  return expect_at_least(ci.low, 0.0,
                         "lower 95% bootstrap bound of " + what + " over " +
                             std::to_string(v.size()) + " seeds (mean " + number_text(ci.estimate) +
                             ", interval [" + number_text(ci.low) + ", " + number_text(ci.high) +
                             "]; per seed " + per_seed + ")");
}

// Mean over the defender updates of f.
double over_updates(const CorpusStudy& s, const std::function<double(const DefenderUpdate&)>& f) {
  double total = 0;
  for (const auto& u : s.coevolution) total += f(u);
  return total / static_cast<double>(s.coevolution.size());
}

double success(const CorpusStudy& s, Searcher a) { return arm(s, a).held_out.success; }

}  // namespace

std::vector<Claim> paper_claims() {
  return {
      {"evolved_beat_static",
       "Evolved attacks beat static templates at equal budget: held-out attack success of "
       "CREO-lite's best genome minus that of the best PoisonedRAG-style template (480 "
       "rollouts each) on the clean corpus, lower 95% bound > 0.",
       [](const CheckContext& ctx) {
         return positive(
             ctx,
             [](const SeedStudy& s) {
               return success(s.clean, Searcher::creo) -
                      success(s.clean, Searcher::static_templates);
             },
             "success(CREO-lite) - success(static)");
       }},
      {"cue_attacks_fail_on_control",
       "Cue attacks work only where the corpus taught the reader to trust cues: the success "
       "CREO-lite's best genome loses when its authority/recency genes are switched off is "
       "larger on the clean corpus (cue_truth_correlation 0.8) than on the control corpus (0), "
       "lower 95% bound of the paired difference > 0.",
       [](const CheckContext& ctx) {
         return positive(
             ctx,
             [](const SeedStudy& s) { return s.clean.creo_cue_effect - s.control.creo_cue_effect; },
             "cue effect(clean) - cue effect(control)");
       }},
      {"contrast_beats_ga_auc",
       "The contrastive signal beats the plain GA in area under the success-vs-rollouts curve "
       "(held-out success of the best genome so far at 8 checkpoints): lower 95% bound of "
       "AUC(CREO-lite) - AUC(GA) on the clean corpus > 0.",
       [](const CheckContext& ctx) {
         return positive(
             ctx,
             [](const SeedStudy& s) {
               return arm(s.clean, Searcher::creo).search.auc -
                      arm(s.clean, Searcher::ga).search.auc;
             },
             "AUC(CREO-lite) - AUC(GA)");
       },
       does_not_reproduce("in this 8-gene space with 480 rollouts the contrast-steered mutation "
                          "finds genomes no better or sooner than uniform mutation; the interval "
                          "spans 0",
                          kFindings)},
      {"attacker_recovers",
       "Under co-evolution (4 rounds of 240 CREO-lite rollouts, the defender's filter refitted on "
       "every best genome so far after each round) the attacker recovers after defender updates: "
       "lower 95% bound of the next round's held-out success minus the old best's success "
       "right after the update > 0 (mean over the 3 updates per seed).",
       [](const CheckContext& ctx) {
         auto r = positive(
             ctx,
             [](const SeedStudy& s) {
               return over_updates(
                   s.clean, [](const DefenderUpdate& u) { return u.recovered - u.success_after; });
             },
             "success(next round) - success(old best after the update)");
         const auto& study = check_study(ctx.seed);
         double drop = 0, rollouts = 0, never = 0, updates = 0;
         for (const auto& s : study)
           for (const auto& u : s.clean.coevolution) {
             drop += u.success_before - u.success_after;
             updates += 1;
             if (u.rollouts_to_recover < 0)
               never += 1;
             else
               rollouts += u.rollouts_to_recover;
           }
         r.detail += "; the update cuts the old best's success by " + number_text(drop / updates) +
                     " on average; the next round reaches the before/after midpoint after " +
                     number_text(rollouts / std::max(1.0, updates - never)) +
                     " rollouts on average (first checkpoint: 30), never in " + number_text(never) +
                     " of " + number_text(updates) + " updates";
         return r;
       }},
  };
}

}  // namespace assay::search_attacks
