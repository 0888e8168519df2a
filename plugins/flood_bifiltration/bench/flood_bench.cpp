// One timed run of a Flood computation on a point cloud read from CSV, for compare.py:
//   bench_flood alpha POINTS.csv OUT_PREFIX REPEATS           exact Flood with L = X
//   bench_flood landmarks POINTS.csv OUT_PREFIX REPEATS L     sampled Flood with L landmarks
//   bench_flood codensity POINTS.csv OUT_PREFIX REPEATS L S   bifiltration, S codensity slices
// Prints one JSON line: median CPU seconds over REPEATS, peak RSS (kB), simplices. Writes the
// diagrams (alpha, landmarks) or the per-slice top H1 persistences (codensity) to OUT_PREFIX*.
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "flood_filtration.hpp"
#include "matrix_file.hpp"
#include "sublevel_flood.hpp"

namespace fb = assay::flood_bifiltration;

namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Peak resident set of this process image in kB (VmHWM; getrusage's ru_maxrss would include the
// parent's memory from before exec).
long peak_rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string key;
  long value = 0;
  while (status >> key)
    if (key == "VmHWM:" && status >> value) return value;
  return -1;
}

void write_diagram(const std::string& path, const fb::Diagram& diagram) {
  std::ofstream out(path);
  out.precision(17);
  for (const auto& [b, d] : diagram) out << b << "," << d << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: bench_flood alpha|landmarks|codensity POINTS.csv OUT REPEATS ...\n");
    return 2;
  }
  const std::string task = argv[1], prefix = argv[3];
  const auto points = assay::stdlib::read_csv_matrix(argv[2]);
  const int repeats = std::stoi(argv[4]);
  const int landmarks = argc > 5 ? std::stoi(argv[5]) : 0;
  const int slices = argc > 6 ? std::stoi(argv[6]) : 5;
  std::vector<double> times;
  long simplices = 0;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = cpu_seconds();
    if (task == "codensity") {
      const auto bi = fb::sublevel_flood(points, fb::knn_codensity(points, 10),
                                         {landmarks, fb::CoveringMode::sampled, 4}, {16, slices});
      times.push_back(cpu_seconds() - t0);
      simplices = static_cast<long>(bi.flood.complex.size());
      std::ofstream out(prefix + "_top_h1.csv");
      for (const auto& diagrams : bi.diagrams) {
        double top = 0;
        for (const auto& [b, d] : diagrams[1]) top = std::max(top, d - b);
        out << top << "\n";
      }
    } else {
      const fb::FloodOptions options{
          task == "alpha" ? 0 : landmarks,
          task == "alpha" ? fb::CoveringMode::exact : fb::CoveringMode::sampled, 4};
      const auto flood = fb::flood_filtration(points, options);
      times.push_back(cpu_seconds() - t0);
      simplices = static_cast<long>(flood.flood.complex.size());
      for (std::size_t k = 0; k < flood.diagrams.size(); ++k)
        write_diagram(prefix + "_h" + std::to_string(k) + ".csv", flood.diagrams[k]);
    }
  }
  std::sort(times.begin(), times.end());
  std::printf("{\"cpu_s\": %.6f, \"maxrss_kb\": %ld, \"simplices\": %ld}\n",
              times[times.size() / 2], peak_rss_kb(), simplices);
  return 0;
}
