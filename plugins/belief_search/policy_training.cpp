#include "policy_training.hpp"

#include <cmath>
#include <random>

#include "belief.hpp"

namespace assay::belief_search {

namespace {

using ActionFeatures = Eigen::Matrix<double, Eigen::Dynamic, kPolicyFeatures>;

ActionFeatures action_features(const Eigen::VectorXd& belief, const SensorModel& model, int frames,
                               int budget) {
  const int k = static_cast<int>(belief.size());
  ActionFeatures f = ActionFeatures::Zero(k + 1, kPolicyFeatures);
  for (int i = 0; i < k; ++i) {
    f(i, 0) = belief(i);
    f(i, 1) = expected_information_gain(belief, model, i) / std::log(2.0);
  }
  f(k, 2) = 1;
  f(k, 3) = belief.maxCoeff();
  f(k, 4) = static_cast<double>(frames) / budget;
  f(k, 5) = frames == 0;
  return f;
}

Eigen::VectorXd softmax(const Eigen::VectorXd& logits) {
  Eigen::VectorXd p = (logits.array() - logits.maxCoeff()).exp();
  return p / p.sum();
}

struct Rollout {
  std::vector<ActionFeatures> features;
  std::vector<int> actions;
  std::vector<double> rewards;
  bool correct = false;
  int frames = 0;
};

Rollout roll_out(const TrainingConfig& config, const PolicyWeights& w, const Episode& episode,
                 std::mt19937_64& rng) {
  Rollout r;
  const int k = config.env.segments;
  Eigen::VectorXd belief = episode.prior;
  const double h0 = entropy(belief);
  std::vector<int> looks(static_cast<std::size_t>(k), 0);
  std::uniform_real_distribution<double> unit(0, 1);
  while (true) {
    auto f = action_features(belief, config.env.sensor, r.frames, config.frame_budget);
    const Eigen::VectorXd p = softmax(f * w);
    int action = k;
    if (r.frames < config.frame_budget) {
      double u = unit(rng);
      for (action = 0; action < k && (u -= p(action)) > 0; ++action) {
      }
    }
    r.features.push_back(std::move(f));
    r.actions.push_back(action);
    if (action == k) break;
    const double h_before = entropy(belief);
    belief = bayes_update(belief, config.env.sensor, action,
                          observe(episode, config.env.sensor, action, looks[action]++));
    ++r.frames;
    double reward = -config.frame_cost;
    if (config.gated) reward += config.credit_weight * (h_before - entropy(belief));
    r.rewards.push_back(reward);
  }
  Eigen::Index top = 0;
  belief.maxCoeff(&top);
  r.correct = r.frames == 0 ? episode.preview_correct : top == episode.answer_segment;
  const bool gate_open = !config.gated || h0 - entropy(belief) >= config.gate_fraction * h0;
  r.rewards.push_back(r.correct && gate_open ? 1.0 : 0.0);
  return r;
}

}  // namespace

PolicyEvaluation evaluate_policy(const TrainingConfig& config, const PolicyWeights& weights,
                                 std::int64_t episodes, std::uint64_t seed) {
  std::mt19937_64 rng(mix_seed(seed, 0xe7a1ULL));
  PolicyEvaluation e;
  for (std::int64_t i = 0; i < episodes; ++i) {
    const auto r = roll_out(config, weights, sample_episode(config.env, seed, i), rng);
    e.accuracy += r.correct;
    e.mean_frames += r.frames;
    e.skip_rate += r.frames == 0;
    for (double x : r.rewards) e.mean_return += x;
  }
  const double n = static_cast<double>(episodes);
  e.accuracy /= n, e.mean_frames /= n, e.skip_rate /= n, e.mean_return /= n;
  return e;
}

TrainingResult train_search_policy(const TrainingConfig& config, std::uint64_t seed,
                                   std::int64_t evaluation_episodes) {
  TrainingResult result;
  result.weights.setZero();
  std::mt19937_64 rng(mix_seed(seed, 0x7a1eULL));
  std::int64_t next_episode = 0;
  for (int it = 0; it < config.iterations; ++it) {
    std::vector<Rollout> batch;
    double mean_return = 0;
    for (int b = 0; b < config.batch; ++b) {
      batch.push_back(
          roll_out(config, result.weights, sample_episode(config.env, seed, next_episode++), rng));
      for (double x : batch.back().rewards) mean_return += x;
    }
    mean_return /= config.batch;
    // REINFORCE with reward-to-go; the batch's mean return is the baseline at the first turn.
    PolicyWeights grad = PolicyWeights::Zero();
    PolicyEvaluation stats;
    for (const auto& r : batch) {
      double to_go = 0;
      for (double x : r.rewards) to_go += x;
      for (std::size_t t = 0; t < r.actions.size(); ++t) {
        const Eigen::VectorXd p = softmax(r.features[t] * result.weights);
        const PolicyWeights score =
            r.features[t].row(r.actions[t]).transpose() - r.features[t].transpose() * p;
        grad += (to_go - mean_return) * score;
        to_go -= r.rewards[t];
      }
      stats.accuracy += r.correct, stats.mean_frames += r.frames, stats.skip_rate += r.frames == 0;
    }
    result.weights += config.learning_rate * grad / config.batch;
    stats.accuracy /= config.batch, stats.mean_frames /= config.batch;
    stats.skip_rate /= config.batch, stats.mean_return = mean_return;
    result.history.push_back({it, stats});
  }
  result.final_evaluation =
      evaluate_policy(config, result.weights, evaluation_episodes, mix_seed(seed, 0xfeedULL));
  return result;
}

}  // namespace assay::belief_search
