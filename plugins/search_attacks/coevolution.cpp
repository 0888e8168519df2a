#include "coevolution.hpp"

#include <memory>

namespace assay::search_attacks {

std::vector<DefenderUpdate> coevolve(const Sandbox& sb, const Bm25Index& index,
                                     const Reader& reader, int k, const std::vector<int>& train,
                                     const std::vector<int>& held_out, const CoevolutionSettings& s,
                                     nn::Rng& rng) {
  std::shared_ptr<const InjectionFilter> filter;
  const auto environment = [&] {
    Environment env{sb, index, reader, k, {}};
    if (filter) env.filter = [f = filter](const ReaderInput& in) { return f->keep(in); };
    return env;
  };
  LabelledPassages seen;
  std::vector<DefenderUpdate> updates;
  for (int round = 0; round < s.rounds; ++round) {
    const auto env = environment();
    const auto result = run_search(s.attacker, env, train, held_out, s.search, rng);
    if (!updates.empty()) {
      auto& last = updates.back();
      last.recovered = result.curve.empty() ? 0 : result.curve.back().held_out_success;
      const double midpoint = (last.success_before + last.success_after) / 2;
      for (const auto& p : result.curve)
        if (p.held_out_success >= midpoint) {
          last.rollouts_to_recover = p.rollouts;
          break;
        }
    }
    if (round + 1 == s.rounds) break;
    DefenderUpdate u;
    u.round = round;
    u.success_before = evaluate_attack(env, result.best, held_out).success;
    collect_passages(env, result.best, train, seen);
    filter = std::make_shared<const InjectionFilter>(seen, s.filter_steps, s.filter_lr, rng);
    u.success_after = evaluate_attack(environment(), result.best, held_out).success;
    u.injected_flagged = filter->flagged_share(seen, true);
    u.clean_flagged = filter->flagged_share(seen, false);
    updates.push_back(u);
  }
  return updates;
}

}  // namespace assay::search_attacks
