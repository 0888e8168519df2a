// A small learned search policy (look at segment k, or stop and answer) trained by REINFORCE on
// the simulated episodes. Two reward designs: the ungated one (answer correctness minus a cost
// per frame) and the BeliefSearch one, where each turn earns credit for the entropy it removes
// and the final reward is paid only if search lowered the belief's entropy enough. Stopping at
// once means answering from the preview frames.
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "search_episode.hpp"

namespace assay::belief_search {

struct TrainingConfig {
  EpisodeConfig env;
  int frame_budget = 32;
  double frame_cost = 0.03;
  bool gated = true;
  double credit_weight = 0.1;  // reward per nat of entropy removed by a turn (gated design)
  double gate_fraction = 0.5;  // final reward only if search removed this share of H(prior)
  int iterations = 300;
  int batch = 64;
  double learning_rate = 0.5;
};

// Linear softmax policy over K + 1 actions; features of looking at k: (b_k, information gain);
// of stopping: (1, top belief, frames / budget, 1 if no frame was taken yet). b_k is
// P(k holds the answer) (the belief's marginal when the answer spans several segments); the
// belief is updated on the detector's graded score when the sensor is graded.
constexpr int kPolicyFeatures = 6;
using PolicyWeights = Eigen::Matrix<double, kPolicyFeatures, 1>;

struct PolicyEvaluation {
  double accuracy = 0;
  double mean_frames = 0;
  double skip_rate = 0;  // fraction answered from the preview without a single frame
  double mean_return = 0;
};

struct TrainingStep {
  int iteration = 0;
  PolicyEvaluation batch;
};

struct TrainingResult {
  PolicyWeights weights;
  std::vector<TrainingStep> history;
  PolicyEvaluation final_evaluation;  // fresh episodes, sampled actions, the trained policy
};

TrainingResult train_search_policy(const TrainingConfig& config, std::uint64_t seed,
                                   std::int64_t evaluation_episodes);

PolicyEvaluation evaluate_policy(const TrainingConfig& config, const PolicyWeights& weights,
                                 std::int64_t episodes, std::uint64_t seed);

}  // namespace assay::belief_search
