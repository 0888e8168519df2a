#include "searchers.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>

namespace assay::belief_search {

namespace {

struct NamedSearcher {
  const char* name;
  Searcher searcher;
};
constexpr NamedSearcher kSearchers[] = {{"belief_controller", Searcher::belief_controller},
                                        {"uniform_scan", Searcher::uniform_scan},
                                        {"random_probe", Searcher::random_probe},
                                        {"model_driven", Searcher::model_driven},
                                        {"preview_only", Searcher::preview_only}};

int argmax(const Eigen::VectorXd& v) {
  Eigen::Index i = 0;
  v.maxCoeff(&i);
  return static_cast<int>(i);
}

// The order in which a belief-free baseline visits segments (it revisits after a full pass).
std::vector<int> visiting_order(const Episode& episode, Searcher searcher) {
  std::vector<int> order(static_cast<std::size_t>(episode.prior.size()));
  std::iota(order.begin(), order.end(), 0);
  if (searcher == Searcher::random_probe) {
    std::mt19937_64 rng(mix_seed(episode.noise_seed, 0xbadc0ffeeULL));
    std::shuffle(order.begin(), order.end(), rng);
  } else if (searcher == Searcher::model_driven) {
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return episode.prior(a) > episode.prior(b); });
  }
  return order;
}

}  // namespace

Searcher searcher_from_name(const std::string& name) {
  for (const auto& s : kSearchers)
    if (name == s.name) return s.searcher;
  throw std::invalid_argument("unknown searcher: " + name);
}

std::vector<std::string> searcher_names() {
  std::vector<std::string> names;
  for (const auto& s : kSearchers) names.emplace_back(s.name);
  return names;
}

int belief_controller_next_look(const Eigen::VectorXd& belief, const SensorModel& model,
                                double stop_threshold, double entropy_floor) {
  // A belief with entropy 0 is one-hot and stops on its top belief, so a floor <= 0 never
  // needs the entropy.
  return belief_controller_next_look(belief, InformationGainRule(model), stop_threshold,
                                     entropy_floor, entropy_floor > 0 ? entropy(belief) : 0.0,
                                     belief.maxCoeff());
}

int belief_controller_next_look(const Eigen::VectorXd& belief, const InformationGainRule& rule,
                                double stop_threshold, double entropy_floor, double belief_entropy,
                                double top_belief) {
  if (top_belief >= stop_threshold || (entropy_floor > 0 && belief_entropy <= entropy_floor))
    return -1;
  return rule.most_informative_segment(belief);
}

EpisodeOutcome run_search(const Episode& episode, const SensorModel& true_sensor,
                          const SearchSettings& settings) {
  EpisodeOutcome out;
  Eigen::VectorXd belief = episode.prior;
  out.initial_entropy = episode.prior_entropy;
  out.trace.reserve(
      static_cast<std::size_t>(std::min<Eigen::Index>(settings.frame_budget, belief.size())));
  double belief_entropy = out.initial_entropy;
  // With a one-segment answer the belief is its own marginal and the O(1)-entropy update applies.
  const int span = episode.answer_span;
  Eigen::VectorXd marginal = span > 1 ? answer_marginal(belief, span) : Eigen::VectorXd();
  const Eigen::VectorXd& holds = span > 1 ? marginal : belief;
  const bool controller = settings.searcher == Searcher::belief_controller;
  std::optional<InformationGainRule> rule;
  if (controller) rule.emplace(settings.belief_model);
  std::vector<int> looks(static_cast<std::size_t>(belief.size()), 0);
  const std::vector<int> order =
      controller ? std::vector<int>() : visiting_order(episode, settings.searcher);
  // A binary reading has two likelihoods: computed once, not per look.
  const LookLikelihood on_detection = look_likelihood(settings.belief_model, {true, 1.0});
  const LookLikelihood on_miss = look_likelihood(settings.belief_model, {false, 0.0});
  double top = holds.maxCoeff();
  int hit_segment = -1;
  while (settings.searcher != Searcher::preview_only && out.frames < settings.frame_budget) {
    int segment;
    if (controller) {
      segment = belief_controller_next_look(holds, *rule, settings.stop_threshold,
                                            settings.entropy_floor, belief_entropy, top);
      if (segment < 0) break;
    } else {
      segment = order[static_cast<std::size_t>(out.frames) % order.size()];
    }
    const Reading reading = read_detector(episode, true_sensor, segment, looks[segment]++);
    ++out.frames;
    const LookLikelihood likelihood = settings.belief_model.graded
                                          ? look_likelihood(settings.belief_model, reading)
                                      : reading.detected ? on_detection
                                                         : on_miss;
    if (span > 1) {
      belief_entropy = bayes_update_span(belief, likelihood, segment, span);
      marginal = answer_marginal(belief, span);
    } else {
      belief_entropy = bayes_update_in_place(belief, likelihood, segment, belief_entropy);
    }
    top = holds.maxCoeff();
    out.trace.push_back({segment, reading.detected, top, belief_entropy});
    if (!controller && reading.detected) {
      hit_segment = segment;
      out.stopped_confident = true;
      break;
    }
  }
  out.final_top_belief = top;
  if (controller) out.stopped_confident = out.final_top_belief >= settings.stop_threshold;
  out.final_entropy = belief_entropy;
  if (settings.searcher == Searcher::preview_only) {
    out.correct = episode.preview_correct;
    return out;
  }
  if (controller)
    out.answered_segment = argmax(holds);
  else
    out.answered_segment =
        hit_segment >= 0 ? hit_segment
                         : argmax(span > 1 ? answer_marginal(episode.prior, span) : episode.prior);
  out.correct = holds_answer(episode, out.answered_segment);
  return out;
}

}  // namespace assay::belief_search
