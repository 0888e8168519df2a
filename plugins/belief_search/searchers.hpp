// Searchers run on one episode: the Bayesian controller (belief decides where to look and when
// to stop) and the baselines, which see the same prior, sensor and frame budget but navigate
// without a belief.
#pragma once
#include <Eigen/Dense>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "belief.hpp"
#include "belief_weights.hpp"
#include "search_episode.hpp"

namespace assay::belief_search {

enum class Searcher {
  belief_controller,  // look where information gain is largest; stop on confident belief
  uniform_scan,       // segments in order; stop at the first detection
  random_probe,       // random unvisited segments; stop at the first detection
  model_driven,       // follow the question's ranking, move on after each miss, stop on a hit
  preview_only,       // no search: answer from the preview frames
};

Searcher searcher_from_name(const std::string& name);
std::vector<std::string> searcher_names();

struct SearchSettings {
  Searcher searcher = Searcher::belief_controller;
  int frame_budget = 64;
  double stop_threshold = 0.9;  // stop when the top belief reaches this
  double entropy_floor = 0.0;   // or when the belief's entropy falls to this (nats)
  SensorModel belief_model;     // what the controller assumes the sensor is
};

struct TraceStep {
  int segment = 0;
  bool detected = false;
  double top_belief = 0;
  double entropy = 0;
};

struct EpisodeOutcome {
  int frames = 0;
  int answered_segment = -1;  // -1: answered from the preview
  bool correct = false;
  bool stopped_confident = false;  // the stopping rule fired (not the budget)
  double final_top_belief = 0;
  double initial_entropy = 0;
  double final_entropy = 0;
  std::vector<TraceStep> trace;  // filled only when asked for
};

// One searcher run on episode after episode. The belief is kept as unnormalised weights
// (BeliefWeights), so a look updates one weight (a span's weights); the controller reads its
// stopping rule and its look from one vectorised scan of them per look (scan_belief,
// LookChooser). The belief's entropy is computed, O(K), only where it is used: every look for a
// trace or an entropy floor, else once at the end. The look rule's constants are computed once
// and storage is reused, so an episode allocates nothing unless its trace is kept.
class EpisodeSearcher {
 public:
  EpisodeSearcher(const SensorModel& true_sensor, const SearchSettings& settings);
  EpisodeOutcome run(const Episode& episode, bool keep_trace);

 private:
  // The segment to look at next, or -1 to stop.
  int next_look(int frames, double belief_entropy);
  // P(segment k holds the answer) as weights: the weights, or their sums over a span.
  const Eigen::VectorXd& answer_weights() const {
    return span_ > 1 ? marginal_ : weights_.weights();
  }
  void update_belief(int segment, const Reading& reading);

  SensorModel true_sensor_;
  SearchSettings settings_;
  bool controller_;
  std::optional<LookChooser> chooser_;
  LookLikelihood on_detection_, on_miss_;
  // A binary model's likelihood ratios on a miss and on a detection, where both other
  // likelihoods are positive.
  std::optional<std::array<LikelihoodRatio, 2>> binary_ratios_;
  BeliefWeights weights_;
  int span_ = 1;
  Eigen::VectorXd marginal_;  // answer marginal weights, for answers over several segments
  std::vector<int> looks_, order_;
};

// EpisodeSearcher(true_sensor, settings).run(episode, true): one episode with its trace.
EpisodeOutcome run_search(const Episode& episode, const SensorModel& true_sensor,
                          const SearchSettings& settings);

// The controller's decision at a belief: the segment to look at, or -1 to stop.
int belief_controller_next_look(const Eigen::VectorXd& belief, const SensorModel& model,
                                double stop_threshold, double entropy_floor);

}  // namespace assay::belief_search
