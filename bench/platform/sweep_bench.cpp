// Sweep throughput (a 10,000-point sweep of uniform_matrix -> matrix_summary, 10x10, HDF5
// writes included) and parallel efficiency (a CPU-bound sweep at -j2 vs -j1).
#include <cstdio>
#include <filesystem>
#include <string>

#include "bench_support.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "run/sweep_runner.hpp"

using namespace assay;
namespace fs = std::filesystem;

namespace {

const char* kThroughput = R"(
[pipeline]
name = "throughput"
[nodes.data]
method = "uniform_matrix"
rows = 10
cols = 10
[nodes.summary]
method = "matrix_summary"
inputs = { matrix = "data.matrix" }
[sweep]
replicates = 10000
)";

// `points` bench_spin points of `iterations` each (4e5 iterations take about 10 ms).
std::string cpu_bound(int points, long iterations) {
  return "[pipeline]\nname = \"cpu-bound\"\n[nodes.spin]\nmethod = \"bench_spin\"\n"
         "iterations = " +
         std::to_string(iterations) + "\n[sweep]\nreplicates = " + std::to_string(points) + "\n";
}

double run_seconds(const Pipeline& pipeline, const PluginRegistry& registry, std::size_t jobs) {
  const SweepPlan plan(pipeline);
  const auto out = fs::temp_directory_path() / ("assay_bench_" + pipeline.name + ".h5");
  fs::remove(out);
  fs::remove_all(out.string() + ".parts");
  RunInfo info;
  info.pipeline_name = pipeline.name;
  info.fingerprint = plan.fingerprint();
  info.planned_points = plan.size();
  info.swept_keys = plan.swept_keys();
  const PointExecutor executor(pipeline, registry);
  RunOptions options;
  options.jobs = jobs;
  options.progress.mode = ProgressMode::none;
  const std::atomic<bool> no_interrupt{false};
  const double s = bench::seconds_of([&] {
    ResultWriter writer(out, info, false);
    const auto counts = run_sweep(plan, executor, writer, options, no_interrupt);
    writer.finish();
    if (counts.ok != plan.size()) std::fprintf(stderr, "bench: not every point ok\n");
  });
  fs::remove(out);
  return s;
}

// The fixed costs of a run (creating the file, consolidating it) do not shrink with -j2, so
// the speed-up is measured at two point costs to show how fast it approaches 2.
void parallel_efficiency(const PluginRegistry& registry, int points, long iterations) {
  const auto cpu = bench::validated(cpu_bound(points, iterations), registry);
  const double j1 = run_seconds(cpu, registry, 1);
  const double j2 = run_seconds(cpu, registry, 2);
  std::printf(
      "parallel efficiency: %d CPU-bound points of %.0f ms\n  -j1 %.3f s, -j2 %.3f s, "
      "speed-up %.2fx (target >= 1.8)\n",
      points, 1e3 * j1 / points, j1, j2, j1 / j2);
}

}  // namespace

int main() {
  PluginRegistry registry;
  bench::load_bench_plugins(registry);
  const auto throughput = bench::validated(kThroughput, registry);
  const double t = run_seconds(throughput, registry, 2);
  std::printf(
      "sweep throughput: 10000 points of uniform_matrix -> matrix_summary (10x10), -j2, "
      "HDF5 included\n  %.3f s, %.0f points/s (target >= 5000)\n",
      t, 10000 / t);

  parallel_efficiency(registry, 200, 400000);
  parallel_efficiency(registry, 40, 4000000);
}
