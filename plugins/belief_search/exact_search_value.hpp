// Exact expected frames of search policies on small problems (K <= 6), by recursion over every
// observation history. Both policies share the controller's stopping rule (top belief >= tau,
// or the frame budget); they differ only in where to look. The optimal one is the dynamic
// programme V(s) = 1 + min_k E[V(s + y_k)], the controller's picks the largest information gain.
#pragma once
#include <Eigen/Dense>

#include "search_episode.hpp"

namespace assay::belief_search {

struct ExactSearchValue {
  double expected_frames = 0;
  double accuracy = 0;  // P(answer correct) = E[top belief at the stop]
};

enum class LookRule { information_gain, optimal };

// Requires prior.size() <= 6 and frame_budget <= 15 (history counts are packed in 4 bits).
ExactSearchValue exact_search_value(const Eigen::VectorXd& prior, const SensorModel& sensor,
                                    double stop_threshold, int frame_budget, LookRule rule);

}  // namespace assay::belief_search
