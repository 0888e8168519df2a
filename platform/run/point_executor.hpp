// PointExecutor: runs the nodes of one sweep point in dependency order, independent nodes in
// parallel, each plugin call isolated in the task arena and fenced by a catch-all, so a
// failing or timed-out node fails its point and nothing else. A node whose lineage key another
// point of the run has computed (or an older result holds) is taken from there, not run again.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/pipeline.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "registry/plugin_registry.hpp"
#include "run/node_cache.hpp"
#include "run/node_context.hpp"
#include "run/running_nodes.hpp"
#include "store/point_result.hpp"

namespace assay {

struct PointLimits {
  std::optional<double> timeout_s;
  const std::atomic<bool>* interrupt = nullptr;
  NodeContext::LogSink log;         // shown as they come, "<point> <node>: <message>"
  RunningNodes* running = nullptr;  // where computing nodes are entered for the progress line
};

struct PointOutcome {
  PointResult result;
  bool interrupted = false;  // stopped by Ctrl-C: not a result, --resume runs it again
};

class PointExecutor {
 public:
  // Nodes found in `reuse` (older results) are read from there instead of computed.
  PointExecutor(const Pipeline& validated, const PluginRegistry& registry,
                std::vector<const NodeSource*> reuse = {});
  ~PointExecutor();

  PointOutcome run(const PlannedPoint& point, const PointLimits& limits) const;

 private:
  struct Node;
  struct PointState;
  void run_node(std::size_t index, PointState& state) const;
  void compute_node(std::size_t index, PointState& state) const;
  void run_graph(PointState& state) const;
  static void record_failure(PointState& state, std::string message);
  static void record_log(PointState& state, const std::string& node, std::string_view message);

  std::vector<Node> nodes_;  // dependency order
  bool is_chain_ = true;     // each node depends only on the one before: no task spawning
  std::vector<std::unique_ptr<std::mutex>> exclusive_;  // one per non-reentrant method
  mutable NodeCache cache_;  // what the points of this run have computed, by lineage key
};

}  // namespace assay
