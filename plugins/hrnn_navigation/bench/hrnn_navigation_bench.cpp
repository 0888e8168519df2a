// Times the two costs that dominate the hrnn_navigation pipelines: one BPTT training step of
// the HRNN and the grid score of a rate map. Compared with PyTorch / NumPy by compare.py.
//   bench_hrnn_navigation train SIZE_A SIZE_P BATCH HORIZON REPEATS
//   bench_hrnn_navigation grid COUNT REPEATS
// Prints "cpu_ms <median over repeats>" (train: per step; grid: per map), then for grid the
// scores of the maps (compare.py checks them against NumPy's).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "grid_score.hpp"
#include "training.hpp"

namespace hn = assay::hrnn_navigation;

namespace {

double cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int train_bench(int size_a, int size_p, int batch, int horizon, int repeats) {
  std::mt19937_64 rng(1);
  const hn::Architecture a{true, size_a, size_p, 32, 512};
  const hn::Task task = hn::make_task(a, hn::WalkOptions{}, 0.12, 2.0, 4.0, rng);
  std::vector<double> times;
  for (int r = 0; r < repeats; ++r) {
    // Ten steps per repeat; the step includes generating its walks and codes, as torch's does.
    const double t0 = cpu_ms();
    hn::train(a, task, {10, batch, horizon, 1e-3, 1e-4}, rng);
    times.push_back((cpu_ms() - t0) / 10);
  }
  std::printf("cpu_ms %.4f\n", median(times));
  return 0;
}

// Map k: three plane waves at orientation k degrees, period 4 + k % 5 bins, plus a fixed ramp.
Eigen::MatrixXd bench_map(int k) {
  Eigen::MatrixXd m(20, 20);
  for (int r = 0; r < 20; ++r)
    for (int c = 0; c < 20; ++c) {
      double v = 0.01 * (r + 2 * c);
      for (double d : {0.0, 60.0, 120.0}) {
        const double a = (d + k) * M_PI / 180, period = 4 + k % 5;
        v += std::cos(2 * M_PI / period * (c * std::cos(a) + r * std::sin(a)));
      }
      m(r, c) = v;
    }
  return m;
}

int grid_bench(int count, int repeats) {
  std::vector<Eigen::MatrixXd> maps;
  for (int k = 0; k < count; ++k) maps.push_back(bench_map(k));
  std::vector<double> times, scores(count);
  for (int r = 0; r < repeats; ++r) {
    const double t0 = cpu_ms();
    for (int k = 0; k < count; ++k) scores[k] = hn::grid_score(hn::autocorrelogram(maps[k]));
    times.push_back((cpu_ms() - t0) / count);
  }
  std::printf("cpu_ms %.4f\n", median(times));
  for (double s : scores) std::printf("%.12g\n", s);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "train" && argc == 7)
    return train_bench(std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]),
                       std::atoi(argv[5]), std::atoi(argv[6]));
  if (mode == "grid" && argc == 4) return grid_bench(std::atoi(argv[2]), std::atoi(argv[3]));
  std::fprintf(stderr,
               "usage: bench_hrnn_navigation train SIZE_A SIZE_P BATCH HORIZON REPEATS | grid "
               "COUNT REPEATS\n");
  return 2;
}
