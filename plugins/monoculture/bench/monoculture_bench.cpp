// CPU time of monoculture's estimators on one response matrix, single thread: the Rasch and
// 2PL marginal-likelihood fits (irt_fit) and excess agreement with its bootstrap interval
// under the marginal, Rasch and 2PL nulls (monoculture_measure over all pairs, fit included).
//
// Usage: bench_monoculture MATRIX [REPEATS] [RESAMPLES]
// MATRIX is the binary file compare.py writes: int64 rows, int64 cols, then rows x cols
// float64 in row-major order. Prints "time <task> <median ms>" per task and "value
// <task>.<field> <numbers...>" lines with the results, which compare.py checks against the
// NumPy/SciPy peer (peer.py).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "excess_measures.hpp"
#include "irt_fit.hpp"
#include "pair_groups.hpp"

namespace mc = assay::monoculture;

namespace {

Eigen::MatrixXd read_matrix(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::int64_t rows = 0, cols = 0;
  in.read(reinterpret_cast<char*>(&rows), sizeof rows);
  in.read(reinterpret_cast<char*>(&cols), sizeof cols);
  if (!in || rows < 2 || cols < 2) throw std::runtime_error("cannot read matrix " + path);
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m(rows, cols);
  in.read(reinterpret_cast<char*>(m.data()), static_cast<std::streamsize>(m.size() * 8));
  if (!in) throw std::runtime_error("matrix file " + path + " is truncated");
  return m;
}

// Median CPU time in milliseconds of `repeats` calls of `task`.
double median_ms(const std::function<void()>& task, int repeats) {
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    const std::clock_t start = std::clock();
    task();
    times.push_back(1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void print_values(const std::string& key, const Eigen::VectorXd& v) {
  std::printf("value %s", key.c_str());
  for (double x : v) std::printf(" %.17g", x);
  std::printf("\n");
}

void print_value(const std::string& key, double x) {
  print_values(key, Eigen::VectorXd::Constant(1, x));
}

void report_fit(const std::string& task, const mc::IrtFit& fit) {
  print_values(task + ".ability", fit.parameters.ability);
  print_values(task + ".difficulty", fit.parameters.difficulty);
  print_values(task + ".discrimination", fit.parameters.discrimination);
  print_value(task + ".difficulty_sd", fit.parameters.difficulty_sd);
  print_value(task + ".log_likelihood", fit.log_likelihood);
  print_value(task + ".iterations", fit.iterations);
}

void report_excess(const std::string& task, const mc::ExcessEstimate& e) {
  print_value(task + ".observed", e.observed);
  print_value(task + ".expected", e.expected);
  print_value(task + ".excess", e.excess);
  print_value(task + ".ci_low", e.ci_low);
  print_value(task + ".ci_high", e.ci_high);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_monoculture MATRIX [REPEATS] [RESAMPLES]\n");
    return 2;
  }
  const Eigen::MatrixXd responses = read_matrix(argv[1]);
  const int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
  const int resamples = argc > 3 ? std::stoi(argv[3]) : 500;

  for (const auto& [task, model] :
       {std::pair{"fit_rasch", mc::IrtModel::rasch}, std::pair{"fit_2pl", mc::IrtModel::two_pl}}) {
    mc::IrtFitOptions options;
    options.model = model;
    mc::IrtFit fit;
    const double ms = median_ms([&] { fit = mc::fit_irt(responses, options); }, repeats);
    std::printf("time %s %.3f\n", task, ms);
    report_fit(task, fit);
  }

  const std::vector<mc::PairGroup> groups{mc::all_pairs(static_cast<int>(responses.rows()))};
  for (const auto& [task, null] : {std::pair{"measure_marginal", mc::NullModel::marginal},
                                   std::pair{"measure_rasch", mc::NullModel::rasch},
                                   std::pair{"measure_2pl", mc::NullModel::two_pl}}) {
    mc::MeasureOptions options;
    options.null = null;
    options.resamples = resamples;
    std::mt19937_64 rng(1);
    mc::AgreementExcess result;
    const double ms =
        median_ms([&] { result = mc::agreement_excess(responses, groups, options, rng); }, repeats);
    std::printf("time %s %.3f\n", task, ms);
    report_excess(task, result.groups[0]);
  }
  return 0;
}
