// One flow_matching_train training run: I-CFM on an MLP velocity field with Adam, and at every
// logged step the singular spectra (stable and effective rank) of each layer's weight
// gradient, accumulated update W_t - W_0 and weight. Timed in CPU time; see README.md.
//
// Usage: bench_lowrank_collapse N_TRAIN WIDTH DEPTH STEPS BATCH LOG_INTERVAL REPEATS
// Prints "cpu_ms <median over repeats>", then "loss <mean batch loss over the logged steps of
// the last quarter>" and "update_stable_rank <final mean over layers>" of the last repeat.
#include <algorithm>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>

#include "flow_matching.hpp"
#include "gaussian_mixture.hpp"

namespace lc = assay::lowrank_collapse;

int main(int argc, char** argv) {
  if (argc != 8) {
    std::cerr << "usage: bench_lowrank_collapse N_TRAIN WIDTH DEPTH STEPS BATCH LOG_INTERVAL "
                 "REPEATS\n";
    return 2;
  }
  std::vector<int> a;
  for (int i = 1; i < argc; ++i) a.push_back(std::stoi(argv[i]));
  const auto mixture = lc::make_mixture({2, 8, 3.0, 0.25, 1.0, lc::Layout::ring});
  std::mt19937_64 rng(1);
  const auto training = lc::sample(mixture, a[0], rng).x;
  lc::FlowMatchingOptions options;
  options.shape.width = a[1];
  options.shape.depth = a[2];
  options.schedule = {1e-3, a[3], a[5], 0};
  options.batch = a[4];
  std::vector<double> ms;
  lc::SpectralLog log;
  for (int r = 0; r < a[6]; ++r) {
    const std::clock_t start = std::clock();
    log = lc::train_flow_matching(training, options, 1 + r).log;
    ms.push_back(1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::nth_element(ms.begin(), ms.begin() + ms.size() / 2, ms.end());
  double loss = 0;
  int counted = 0;
  for (std::size_t i = 0; i < log.steps.size(); ++i)
    if (4 * log.steps[i] >= 3 * a[3]) loss += log.loss[i], ++counted;
  std::cout << "cpu_ms " << ms[ms.size() / 2] << "\n"
            << "loss " << loss / counted << "\n"
            << "update_stable_rank " << lc::final_layer_mean(log.update_stable_rank) << "\n";
}
