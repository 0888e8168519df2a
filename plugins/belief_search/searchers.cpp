#include "searchers.hpp"

#include <algorithm>
#include <cmath>
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
  if (belief.maxCoeff() >= stop_threshold ||
      (entropy_floor > 0 && entropy(belief) <= entropy_floor))
    return -1;
  return InformationGainRule(model).most_informative_segment(belief);
}

EpisodeSearcher::EpisodeSearcher(const SensorModel& true_sensor, const SearchSettings& settings)
    : true_sensor_(true_sensor),
      settings_(settings),
      controller_(settings.searcher == Searcher::belief_controller),
      on_detection_(look_likelihood(settings.belief_model, {true, 1.0})),
      on_miss_(look_likelihood(settings.belief_model, {false, 0.0})) {
  if (!settings.belief_model.graded && on_detection_.other > 0 && on_miss_.other > 0)
    binary_ratios_ = {likelihood_ratio(on_miss_), likelihood_ratio(on_detection_)};
  if (controller_) chooser_.emplace(settings.belief_model);
}

int EpisodeSearcher::next_look(int frames, double belief_entropy) {
  if (!controller_) return order_[static_cast<std::size_t>(frames) % order_.size()];
  const double total = weights_.total();
  const BeliefScan scan = scan_belief(answer_weights(), chooser_->b_star() * total);
  if (scan.top / total >= settings_.stop_threshold ||
      (settings_.entropy_floor > 0 && belief_entropy <= settings_.entropy_floor))
    return -1;
  return chooser_->look(normalised_scan(scan, total));
}

void EpisodeSearcher::update_belief(int segment, const Reading& reading) {
  if (binary_ratios_ && span_ == 1)
    return weights_.scale(segment, (*binary_ratios_)[reading.detected]);
  const LookLikelihood likelihood = settings_.belief_model.graded
                                        ? look_likelihood(settings_.belief_model, reading)
                                    : reading.detected ? on_detection_
                                                       : on_miss_;
  // Hypotheses are the answer's first segment: those within a span before `segment` hold it.
  const int first = std::max(0, segment - span_ + 1);
  weights_.observe(first, segment - first + 1, likelihood);
  if (span_ > 1) marginal_ = answer_marginal(weights_.weights(), span_);
}

EpisodeOutcome EpisodeSearcher::run(const Episode& episode, bool keep_trace) {
  EpisodeOutcome out;
  out.initial_entropy = episode.prior_entropy;
  span_ = episode.answer_span;
  weights_.reset(episode.prior_weights, episode.log_prior_weights);
  if (span_ > 1) marginal_ = answer_marginal(weights_.weights(), span_);
  const int segments = static_cast<int>(episode.prior.size());
  if (keep_trace)
    out.trace.reserve(static_cast<std::size_t>(std::min(settings_.frame_budget, segments)));
  looks_.assign(static_cast<std::size_t>(segments), 0);
  if (!controller_) order_ = visiting_order(episode, settings_.searcher);
  const bool entropy_each_look = keep_trace || (controller_ && settings_.entropy_floor > 0);
  double belief_entropy = out.initial_entropy;
  int hit_segment = -1;
  while (settings_.searcher != Searcher::preview_only && out.frames < settings_.frame_budget) {
    const int segment = next_look(out.frames, belief_entropy);
    if (segment < 0) break;
    const Reading reading = read_detector(episode, true_sensor_, segment, looks_[segment]++);
    ++out.frames;
    update_belief(segment, reading);
    if (entropy_each_look) belief_entropy = weights_.entropy();
    if (keep_trace)
      out.trace.push_back({segment, reading.detected,
                           answer_weights().maxCoeff() / weights_.total(), belief_entropy});
    if (!controller_ && reading.detected) {
      hit_segment = segment;
      out.stopped_confident = true;
      break;
    }
  }
  Eigen::Index top_segment = 0;
  out.final_top_belief = answer_weights().maxCoeff(&top_segment) / weights_.total();
  if (controller_) out.stopped_confident = out.final_top_belief >= settings_.stop_threshold;
  out.final_entropy = out.frames == 0     ? out.initial_entropy
                      : entropy_each_look ? belief_entropy
                                          : weights_.entropy();
  if (settings_.searcher == Searcher::preview_only) {
    out.correct = episode.preview_correct;
    return out;
  }
  if (controller_)
    out.answered_segment = static_cast<int>(top_segment);
  else
    out.answered_segment =
        hit_segment >= 0
            ? hit_segment
            : argmax(span_ > 1 ? answer_marginal(episode.prior, span_) : episode.prior);
  out.correct = holds_answer(episode, out.answered_segment);
  return out;
}

EpisodeOutcome run_search(const Episode& episode, const SensorModel& true_sensor,
                          const SearchSettings& settings) {
  return EpisodeSearcher(true_sensor, settings).run(episode, true);
}

}  // namespace assay::belief_search
