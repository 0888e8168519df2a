// The controller settings the equivalence tests run on a configuration: stopping by threshold
// (0), by a stricter threshold (1), by a budget below K (2), and by an entropy floor with a
// misspecified sensor model (3).
#pragma once
#include "searchers.hpp"

namespace assay::belief_search::testing {

inline constexpr int kControllerVariants = 4;

inline SearchSettings controller_variant(const EpisodeConfig& config, int variant) {
  SearchSettings settings;
  settings.frame_budget = variant == 2 ? config.segments / 2 : 2 * config.segments;
  settings.stop_threshold = variant == 1 ? 0.99 : 0.9;
  settings.entropy_floor = variant == 3 ? 0.5 : 0.0;
  settings.belief_model = variant == 3 ? SensorModel{0.95, 0.02} : config.sensor;
  return settings;
}

}  // namespace assay::belief_search::testing
