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
                                     entropy_floor, entropy_floor > 0 ? entropy(belief) : 0.0);
}

int belief_controller_next_look(const Eigen::VectorXd& belief, const InformationGainRule& rule,
                                double stop_threshold, double entropy_floor,
                                double belief_entropy) {
  if (belief.maxCoeff() >= stop_threshold || (entropy_floor > 0 && belief_entropy <= entropy_floor))
    return -1;
  return rule.most_informative_segment(belief);
}

EpisodeOutcome run_search(const Episode& episode, const SensorModel& true_sensor,
                          const SearchSettings& settings) {
  EpisodeOutcome out;
  Eigen::VectorXd belief = episode.prior;
  out.initial_entropy = entropy(belief);
  double belief_entropy = out.initial_entropy;
  const InformationGainRule rule(settings.belief_model);
  std::vector<int> looks(static_cast<std::size_t>(belief.size()), 0);
  const std::vector<int> order = visiting_order(episode, settings.searcher);
  int hit_segment = -1;
  while (settings.searcher != Searcher::preview_only && out.frames < settings.frame_budget) {
    int segment;
    if (settings.searcher == Searcher::belief_controller) {
      segment = belief_controller_next_look(belief, rule, settings.stop_threshold,
                                            settings.entropy_floor, belief_entropy);
      if (segment < 0) {
        out.stopped_confident = true;
        break;
      }
    } else {
      segment = order[static_cast<std::size_t>(out.frames) % order.size()];
    }
    const bool detected = observe(episode, true_sensor, segment, looks[segment]++);
    ++out.frames;
    belief_entropy =
        bayes_update_in_place(belief, settings.belief_model, segment, detected, belief_entropy);
    out.trace.push_back({segment, detected, belief.maxCoeff(), belief_entropy});
    if (settings.searcher != Searcher::belief_controller && detected) {
      hit_segment = segment;
      out.stopped_confident = true;
      break;
    }
  }
  out.final_top_belief = belief.maxCoeff();
  if (settings.searcher == Searcher::belief_controller)
    out.stopped_confident = out.final_top_belief >= settings.stop_threshold;
  out.final_entropy = belief_entropy;
  if (settings.searcher == Searcher::preview_only) {
    out.correct = episode.preview_correct;
    return out;
  }
  if (settings.searcher == Searcher::belief_controller)
    out.answered_segment = argmax(belief);
  else
    out.answered_segment = hit_segment >= 0 ? hit_segment : argmax(episode.prior);
  out.correct = out.answered_segment == episode.answer_segment;
  return out;
}

}  // namespace assay::belief_search
