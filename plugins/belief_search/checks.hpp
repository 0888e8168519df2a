// The plugin's checks (`assay verify belief_search`), one per claim of the paper; named as the
// checks are. Built into the plugin (they return assay::CheckResult), the computations they
// run live in the science files.
#pragma once
#include <assay/check.hpp>

namespace assay::belief_search::checks {

CheckResult bayes_update_equals_enumeration(const CheckContext& ctx);
CheckResult calibrated_at_threshold(const CheckContext& ctx);
CheckResult fewer_frames_at_equal_accuracy(const CheckContext& ctx);
CheckResult more_accurate_at_equal_frames(const CheckContext& ctx);
CheckResult exact_value_matches_simulation(const CheckContext& ctx);
CheckResult information_gain_vs_optimal(const CheckContext& ctx);
CheckResult ungated_reward_skips_search(const CheckContext& ctx);
CheckResult gated_reward_keeps_searching(const CheckContext& ctx);

}  // namespace assay::belief_search::checks
