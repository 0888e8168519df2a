#include "searchers.hpp"

#include <algorithm>
#include <numeric>
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

EpisodeSearcher::EpisodeSearcher(const SensorModel& true_sensor, const SearchSettings& settings)
    : true_sensor_(true_sensor),
      settings_(settings),
      controller_(settings.searcher == Searcher::belief_controller),
      on_detection_(look_likelihood(settings.belief_model, {true, 1.0})),
      on_miss_(look_likelihood(settings.belief_model, {false, 0.0})) {
  if (controller_) rule_.emplace(settings.belief_model);
}

int EpisodeSearcher::next_look(const Episode& episode, int frames, double belief_entropy,
                               double top) {
  if (!controller_) return order_[static_cast<std::size_t>(frames) % order_.size()];
  return belief_controller_next_look(episode.answer_span > 1 ? marginal_ : belief_, *rule_,
                                     settings_.stop_threshold, settings_.entropy_floor,
                                     belief_entropy, top);
}

EpisodeOutcome EpisodeSearcher::run(const Episode& episode, bool keep_trace) {
  EpisodeOutcome out;
  belief_ = episode.prior;  // no allocation once the size is known
  out.initial_entropy = episode.prior_entropy;
  if (keep_trace)
    out.trace.reserve(
        static_cast<std::size_t>(std::min<Eigen::Index>(settings_.frame_budget, belief_.size())));
  double belief_entropy = out.initial_entropy;
  // With a one-segment answer the belief is its own marginal and the O(1)-entropy update applies.
  const int span = episode.answer_span;
  if (span > 1) marginal_ = answer_marginal(belief_, span);
  const Eigen::VectorXd& holds = span > 1 ? marginal_ : belief_;
  looks_.assign(static_cast<std::size_t>(belief_.size()), 0);
  if (!controller_) order_ = visiting_order(episode, settings_.searcher);
  double top = holds.maxCoeff();
  int hit_segment = -1;
  while (settings_.searcher != Searcher::preview_only && out.frames < settings_.frame_budget) {
    const int segment = next_look(episode, out.frames, belief_entropy, top);
    if (segment < 0) break;
    const Reading reading = read_detector(episode, true_sensor_, segment, looks_[segment]++);
    ++out.frames;
    const LookLikelihood likelihood = settings_.belief_model.graded
                                          ? look_likelihood(settings_.belief_model, reading)
                                      : reading.detected ? on_detection_
                                                         : on_miss_;
    if (span > 1) {
      belief_entropy = bayes_update_span(belief_, likelihood, segment, span);
      marginal_ = answer_marginal(belief_, span);
    } else {
      belief_entropy = bayes_update_in_place(belief_, likelihood, segment, belief_entropy);
    }
    top = holds.maxCoeff();
    if (keep_trace) out.trace.push_back({segment, reading.detected, top, belief_entropy});
    if (!controller_ && reading.detected) {
      hit_segment = segment;
      out.stopped_confident = true;
      break;
    }
  }
  out.final_top_belief = top;
  if (controller_) out.stopped_confident = out.final_top_belief >= settings_.stop_threshold;
  out.final_entropy = belief_entropy;
  if (settings_.searcher == Searcher::preview_only) {
    out.correct = episode.preview_correct;
    return out;
  }
  if (controller_)
    out.answered_segment = argmax(holds);
  else
    out.answered_segment =
        hit_segment >= 0 ? hit_segment
                         : argmax(span > 1 ? answer_marginal(episode.prior, span) : episode.prior);
  out.correct = holds_answer(episode, out.answered_segment);
  return out;
}

EpisodeOutcome run_search(const Episode& episode, const SensorModel& true_sensor,
                          const SearchSettings& settings) {
  return EpisodeSearcher(true_sensor, settings).run(episode, true);
}

}  // namespace assay::belief_search
