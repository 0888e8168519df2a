// Benchmark of the method of types' core computations against plugins/mdp_types/bench/peer.py
// (see README.md): the exact dynamic programme for P(P^(col|row) >= threshold), the LDP
// rate J by the dual (log Perron root, Brent), and the rate of the plug-in value from one
// trajectory (augmented Lagrangian + BFGS, multi-start). Prints one JSON object per problem: the
// median CPU time of `repeats` runs (std::clock, one thread) and the computed values, for
// compare.py to check against the peer.
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include "event_probability.hpp"
#include "markov_chain.hpp"
#include "pair_ldp.hpp"
#include "paper_claims.hpp"
#include "trajectory_value_rate.hpp"

namespace mt = assay::mdp_types;

namespace {

double median_cpu_seconds(int repeats, const std::function<void()>& body) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const std::clock_t start = std::clock();
    body();
    times.push_back(static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

std::string json_list(const std::vector<double>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", values[i]);
    out += (i ? ", " : "") + std::string(buffer);
  }
  return out + "]";
}

Eigen::MatrixXd kernel_of(const std::string& name) {
  if (name == "two_state") {
    Eigen::MatrixXd k(2, 2);
    k << 0.9, 0.1, 0.2, 0.8;
    return k;
  }
  Eigen::MatrixXd k(3, 3);
  k << 0.5, 0.3, 0.2, 0.1, 0.6, 0.3, 0.4, 0.4, 0.2;
  return k;
}

void exact_dp(const std::string& kernel_name, int n, int repeats) {
  const Eigen::MatrixXd k = kernel_of(kernel_name);
  const Eigen::VectorXd initial = mt::stationary_distribution(k);
  const mt::ConditionalEvent event{0, 1, 0.3, mt::Tail::at_least};
  const std::vector<int> lengths{n / 4, n / 2, n};
  std::vector<double> log_p;
  const double seconds = median_cpu_seconds(
      repeats, [&] { log_p = mt::exact_event_log_probability(k, initial, event, lengths); });
  std::printf(
      "{\"task\": \"exact_dp\", \"kernel\": \"%s\", \"n\": %d, \"cpu_s\": %.6g, "
      "\"log_p\": %s}\n",
      kernel_name.c_str(), n, seconds, json_list(log_p).c_str());
}

void rates(const std::string& kernel_name, int thresholds, int repeats) {
  const Eigen::MatrixXd k = kernel_of(kernel_name);
  std::vector<double> j;
  // One sweep takes about a millisecond: time `kSweeps` of them, above the clock's resolution.
  constexpr int kSweeps = 100;
  const double seconds =
      median_cpu_seconds(
          repeats,
          [&] {
            for (int sweep = 0; sweep < kSweeps; ++sweep) {
              j.clear();
              for (int i = 0; i < thresholds; ++i) {
                const double threshold = 0.05 + 0.9 * i / (thresholds - 1);
                j.push_back(
                    mt::conditional_event_rate(k, {0, 1, threshold, mt::Tail::at_least}).rate);
              }
            }
          }) /
      kSweeps;
  std::printf(
      "{\"task\": \"rates\", \"kernel\": \"%s\", \"thresholds\": %d, \"cpu_s\": %.6g, "
      "\"rate\": %s}\n",
      kernel_name.c_str(), thresholds, seconds, json_list(j).c_str());
}

// The trajectory value rate of the example MDP (uniform d) at six offsets from the truth, each
// from the default 6 starts. Always 3 repeats: one peer repeat takes ~30 s.
void trajectory_rates() {
  const mt::FiniteMdp mdp = mt::example_mdp();
  const Eigen::VectorXd d = Eigen::VectorXd::Constant(2, 0.5);
  const double truth = d.dot(mt::policy_value(mdp, mdp.transitions));
  const std::vector<double> offsets{-2, -1, -0.5, 0.5, 1, 2};
  std::vector<double> rates;
  const double seconds = median_cpu_seconds(3, [&] {
    rates.clear();
    for (double o : offsets) rates.push_back(mt::trajectory_value_rate(mdp, d, truth + o).rate);
  });
  std::printf(
      "{\"task\": \"trajectory_rate\", \"kernel\": \"example_mdp\", \"offsets\": %zu, "
      "\"cpu_s\": %.6g, \"rate\": %s}\n",
      offsets.size(), seconds, json_list(rates).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::stoi(argv[1]) : 5;
  exact_dp("two_state", 800, repeats);
  exact_dp("three_state", 400, repeats);
  rates("two_state", 50, repeats);
  rates("three_state", 50, repeats);
  trajectory_rates();
}
