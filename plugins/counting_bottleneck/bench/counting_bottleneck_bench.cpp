// The two measurements count_probes makes per site, timed in CPU time on a problem written by
// peer.py (so both sides read the same residuals): probe_count (the count and control
// classifiers, the ridge probe, the SNR) and the count subspace's alignment to a set of rows with
// the random-subspace and the shuffled-count nulls. See README.md.
//
// Usage: bench_counting_bottleneck PROBLEM.txt [REPEATS]
// Prints "probe_ms" and "angles_ms" (medians over repeats of one call each), then the values.
#include <algorithm>
#include <ctime>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "count_geometry.hpp"
#include "count_probes.hpp"

namespace cb = assay::counting_bottleneck;

namespace {

struct Problem {
  cb::Split train, test;
  Eigen::MatrixXd rows;
  int rank = 2, null_samples = 1000;
};

Eigen::MatrixXd read_matrix(std::istream& in, Eigen::Index rows, Eigen::Index cols) {
  Eigen::MatrixXd m(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) in >> m(i, j);
  return m;
}

cb::Split read_split(std::istream& in, int n, int dim) {
  cb::Split s;
  s.x = read_matrix(in, n, dim);
  s.labels.resize(n);
  for (int& l : s.labels) in >> l;
  s.control.resize(n);
  for (int& l : s.control) in >> l;
  return s;
}

// Format (whitespace separated): n_train n_test dim row_count rank null_samples, then the
// training split (x row-major, counts, control labels), the test split alike, the rows.
Problem read_problem(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open; write it with peer.py problem");
  int n_train = 0, n_test = 0, dim = 0, row_count = 0;
  Problem p;
  in >> n_train >> n_test >> dim >> row_count >> p.rank >> p.null_samples;
  p.train = read_split(in, n_train, dim);
  p.test = read_split(in, n_test, dim);
  p.rows = read_matrix(in, row_count, dim);
  if (!in) throw std::runtime_error(path + ": truncated problem file");
  return p;
}

double cpu_ms() { return 1e3 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

template <class F>
double median_ms(int repeats, const F& f) {
  std::vector<double> ms;
  for (int r = 0; r < repeats; ++r) {
    const double start = cpu_ms();
    f();
    ms.push_back(cpu_ms() - start);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_counting_bottleneck PROBLEM.txt [REPEATS]\n";
    return 2;
  }
  const Problem p = read_problem(argv[1]);
  const int repeats = argc > 2 ? std::stoi(argv[2]) : 5;
  cb::ProbeScore score;
  const double probe_ms =
      median_ms(repeats, [&] { score = cb::probe_count(p.train, p.test, cb::ProbeOptions{}); });
  cb::Alignment random, shuffled;
  const double angles_ms = median_ms(repeats, [&] {
    std::mt19937_64 rng(1);
    const Eigen::MatrixXd subspace = cb::count_subspace(p.test.x, p.test.labels, p.rank);
    random = cb::align(subspace, p.rows, p.null_samples, rng);
    shuffled = cb::align_shuffled(p.test.x, p.test.labels, p.rank, p.rows, p.null_samples, rng);
  });
  std::cout.precision(17);
  std::cout << "probe_ms " << probe_ms << "\nangles_ms " << angles_ms << "\naccuracy "
            << score.accuracy << "\ncontrol_accuracy " << score.control_accuracy << "\nr2 "
            << score.r2 << "\nsnr " << score.snr << "\nmean_cos2 " << random.mean_cos2
            << "\nrandom_null_mean " << random.null_mean << "\nshuffled_null_mean "
            << shuffled.null_mean << "\n";
}
