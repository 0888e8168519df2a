#include "policy_training.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "belief.hpp"

namespace assay::belief_search {

namespace {

using ActionFeatures = Eigen::Matrix<double, Eigen::Dynamic, kPolicyFeatures>;

// The information gain of a look, in bits, as a function of P(the segment holds the answer): the
// closed form for a binary detector; a graded detector's quadrature is tabulated once on a grid
// of belief values and interpolated linearly (it is smooth and concave, and a turn needs it K
// times).
class LookGainFeature {
 public:
  explicit LookGainFeature(const SensorModel& model) : model_(model) {
    if (!model.graded) return;
    for (int i = 0; i <= kGrid; ++i)
      table_[i] = look_information_gain(model, static_cast<double>(i) / kGrid);
  }

  double operator()(double b) const {
    if (!model_.graded) return look_information_gain(model_, b) / std::log(2.0);
    const double x = std::clamp(b, 0.0, 1.0) * kGrid;
    const int i = std::min(static_cast<int>(x), kGrid - 1);
    return (table_[i] + (x - i) * (table_[i + 1] - table_[i])) / std::log(2.0);
  }

 private:
  static constexpr int kGrid = 256;
  SensorModel model_;
  std::array<double, kGrid + 1> table_{};
};

// `holds`: P(segment k holds the answer), the belief itself for a one-segment answer.
ActionFeatures action_features(const Eigen::VectorXd& holds, const LookGainFeature& gain,
                               int frames, int budget) {
  const int k = static_cast<int>(holds.size());
  ActionFeatures f = ActionFeatures::Zero(k + 1, kPolicyFeatures);
  for (int i = 0; i < k; ++i) {
    f(i, 0) = holds(i);
    f(i, 1) = gain(holds(i));
  }
  f(k, 2) = 1;
  f(k, 3) = holds.maxCoeff();
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

Rollout roll_out(const TrainingConfig& config, const LookGainFeature& gain, const PolicyWeights& w,
                 const Episode& episode, std::mt19937_64& rng) {
  Rollout r;
  const int k = config.env.segments;
  const SensorModel& sensor = config.env.sensor;
  const int span = episode.answer_span;
  // The belief is over the answer's first segment; the policy sees P(k holds the answer).
  Eigen::VectorXd belief = episode.prior;
  const auto answer_holds = [&] { return span > 1 ? answer_marginal(belief, span) : belief; };
  Eigen::VectorXd holds = answer_holds();
  const double h0 = entropy(belief);
  std::vector<int> looks(static_cast<std::size_t>(k), 0);
  std::uniform_real_distribution<double> unit(0, 1);
  while (true) {
    auto f = action_features(holds, gain, r.frames, config.frame_budget);
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
    const Reading reading = read_detector(episode, sensor, action, looks[action]++);
    const double h_after =
        bayes_update_span(belief, look_likelihood(sensor, reading), action, span);
    holds = answer_holds();
    ++r.frames;
    double reward = -config.frame_cost;
    if (config.gated) reward += config.credit_weight * (h_before - h_after);
    r.rewards.push_back(reward);
  }
  Eigen::Index top = 0;
  holds.maxCoeff(&top);
  r.correct =
      r.frames == 0 ? episode.preview_correct : holds_answer(episode, static_cast<int>(top));
  const bool gate_open = !config.gated || h0 - entropy(belief) >= config.gate_fraction * h0;
  r.rewards.push_back(r.correct && gate_open ? 1.0 : 0.0);
  return r;
}

}  // namespace

PolicyEvaluation evaluate_policy(const TrainingConfig& config, const PolicyWeights& weights,
                                 std::int64_t episodes, std::uint64_t seed) {
  std::mt19937_64 rng(mix_seed(seed, 0xe7a1ULL));
  const LookGainFeature gain(config.env.sensor);
  PolicyEvaluation e;
  for (std::int64_t i = 0; i < episodes; ++i) {
    const auto r = roll_out(config, gain, weights, sample_episode(config.env, seed, i), rng);
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
  const LookGainFeature gain(config.env.sensor);
  std::int64_t next_episode = 0;
  for (int it = 0; it < config.iterations; ++it) {
    std::vector<Rollout> batch;
    double mean_return = 0;
    for (int b = 0; b < config.batch; ++b) {
      batch.push_back(roll_out(config, gain, result.weights,
                               sample_episode(config.env, seed, next_episode++), rng));
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
