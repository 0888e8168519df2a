// Episodes per second of the Bayesian controller (belief_search's run_episodes: sample an
// episode, Bayes updates, next look by expected information gain, stop at top belief >= tau or
// the frame budget), with its accuracy, mean frames and mean entropy reduction, as one JSON line
// for compare.py.
//   bench_belief_search <segments> <episodes> <repeats>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "search_evaluation.hpp"

namespace bs = assay::belief_search;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: bench_belief_search <segments> <episodes> <repeats>\n");
    return 2;
  }
  bs::EpisodeConfig config;  // prior quality 1, sensor TPR 0.8 / FPR 0.1
  config.segments = std::max(2, std::atoi(argv[1]));
  const long episodes = std::max(1, std::atoi(argv[2]));
  bs::SearchSettings settings;  // belief controller, tau = 0.9
  settings.frame_budget = 2 * config.segments;
  settings.belief_model = config.sensor;
  std::vector<double> seconds;
  bs::SearchSummary s;
  for (int k = 0; k < std::max(1, std::atoi(argv[3])); ++k) {
    const std::clock_t start = std::clock();
    s = bs::summarise(bs::run_episodes(config, settings, episodes, 1));
    seconds.push_back(double(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf(
      "{\"episodes\": %ld, \"accuracy\": %.6f, \"accuracy_se\": %.6f, \"mean_frames\": %.6f, "
      "\"frames_se\": %.6f, \"entropy_reduction\": %.6f, \"entropy_reduction_se\": %.6f, "
      "\"seconds\": %.6g}\n",
      episodes, s.accuracy, s.accuracy_se, s.mean_frames, s.frames_se, s.mean_entropy_reduction,
      s.entropy_reduction_se, seconds[seconds.size() / 2]);
}
