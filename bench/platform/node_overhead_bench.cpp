// Per-node overhead: a chain of no-op nodes run by Assay's point executor vs a raw oneTBB
// flow graph of the same shape. Storage is excluded on both sides.
#include <tbb/flow_graph.h>
#include <tbb/task_arena.h>

#include <cstdio>

#include "bench_support.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "run/point_executor.hpp"

using namespace assay;

namespace {

constexpr int kNodes = 8;
constexpr std::size_t kPoints = 20000;

std::string chain_pipeline() {
  std::string toml = "[pipeline]\nname = \"noop-chain\"\n";
  for (int i = 0; i < kNodes; ++i) {
    toml += "[nodes.n" + std::to_string(i) + "]\nmethod = \"bench_noop\"\n";
    if (i) toml += "inputs = { in = \"n" + std::to_string(i - 1) + ".out\" }\n";
  }
  return toml + "[sweep]\nreplicates = " + std::to_string(kPoints) + "\n";
}

double raw_flow_graph_seconds() {
  tbb::flow::graph graph;
  std::vector<std::unique_ptr<tbb::flow::continue_node<tbb::flow::continue_msg>>> nodes;
  std::int64_t sink = 0;
  for (int i = 0; i < kNodes; ++i) {
    nodes.push_back(std::make_unique<tbb::flow::continue_node<tbb::flow::continue_msg>>(
        graph, [&](const tbb::flow::continue_msg&) { ++sink; }));
    if (i) tbb::flow::make_edge(*nodes[i - 1], *nodes[i]);
  }
  return bench::seconds_of([&] {
    for (std::size_t p = 0; p < kPoints; ++p) {
      nodes.front()->try_put(tbb::flow::continue_msg());
      graph.wait_for_all();
    }
  });
}

double assay_seconds(const PluginRegistry& registry) {
  const auto pipeline = bench::validated(chain_pipeline(), registry);
  const SweepPlan plan(pipeline);
  const PointExecutor executor(pipeline, registry);
  const PointLimits limits;
  std::size_t ok = 0;
  const double s = bench::seconds_of([&] {
    for (std::size_t p = 0; p < plan.size(); ++p)
      ok += executor.run(plan.point(p), limits).result.status == PointStatus::ok;
  });
  if (ok != plan.size()) std::fprintf(stderr, "bench: %zu points failed\n", plan.size() - ok);
  return s;
}

}  // namespace

int main() {
  PluginRegistry registry;
  bench::load_bench_plugins(registry);
  tbb::task_arena arena(1);
  arena.execute([&] {
    const double raw = raw_flow_graph_seconds();
    const double assay = assay_seconds(registry);
    const double executions = double(kPoints) * kNodes;
    std::printf("node overhead: %d-node chain x %zu points, one thread\n", kNodes, kPoints);
    std::printf("  raw oneTBB flow graph: %.3f us per node\n", raw / executions * 1e6);
    std::printf("  assay point executor:  %.3f us per node\n", assay / executions * 1e6);
    std::printf("  assay adds %.3f us per node execution (target <= 5)\n",
                (assay - raw) / executions * 1e6);
  });
}
