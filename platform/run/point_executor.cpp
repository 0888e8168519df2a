#include "run/point_executor.hpp"

#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "assay/error.hpp"

namespace assay {

struct PointExecutor::Node {
  std::string name;
  const RegisteredMethod* method = nullptr;
  std::vector<std::pair<std::string, std::pair<std::size_t, std::string>>> inputs;  // port <- node
  std::vector<std::size_t> successors;
  std::size_t predecessors = 0;
  std::mutex* exclusive = nullptr;
  std::set<std::string> unstored;  // outputs passed downstream but not written (`store`)
};

struct PointExecutor::PointState {
  const PlannedPoint& point;
  const PointLimits& limits;
  StopSignals stop;
  std::vector<std::shared_ptr<const NodeOutputs>> outputs;
  std::vector<std::string> origins;
  std::unique_ptr<std::atomic<std::size_t>[]> waiting;
  std::mutex error_mutex;
  std::string error;  // first failure: "node: message"
  std::mutex log_mutex;
  std::string log;  // what the nodes logged, a line "node: message" each
  tbb::task_group tasks;
};

namespace {
// The outputs `store` leaves out; provenance outputs are always kept, since /provenance is
// gathered from the stored values.
std::set<std::string> unstored_outputs(const NodeSpec& spec, const MethodInfo& info) {
  std::set<std::string> out;
  if (!spec.stored_outputs) return out;
  const auto& kept = *spec.stored_outputs;
  for (const auto& port : info.outputs)
    if (!port.provenance && std::find(kept.begin(), kept.end(), port.name) == kept.end())
      out.insert(port.name);
  return out;
}
}  // namespace

PointExecutor::PointExecutor(const Pipeline& validated, const PluginRegistry& registry,
                             std::vector<const NodeSource*> reuse)
    : cache_(std::move(reuse)) {
  std::map<std::string, std::size_t> index;
  std::map<std::string, std::mutex*> exclusive_by_method;
  for (const auto& spec : validated.nodes) {
    Node node{spec.name, registry.method(spec.method), {}, {}, 0, nullptr, {}};
    if (!node.method) throw Error("method '" + spec.method + "' is not loaded");
    node.unstored = unstored_outputs(spec, node.method->exported.info);
    std::set<std::size_t> upstream;
    for (const auto& [port, link] : spec.inputs) {
      node.inputs.push_back({port, {index.at(link.node), link.port}});
      upstream.insert(index.at(link.node));
    }
    node.predecessors = upstream.size();
    for (auto u : upstream) nodes_[u].successors.push_back(nodes_.size());
    const bool follows_previous =
        upstream.empty() ? nodes_.empty()
                         : upstream.size() == 1 && *upstream.begin() + 1 == nodes_.size();
    is_chain_ = is_chain_ && follows_previous;
    if (!node.method->exported.info.reentrant) {
      auto& m = exclusive_by_method[spec.method];
      if (!m) m = exclusive_.emplace_back(std::make_unique<std::mutex>()).get();
      node.exclusive = m;
    }
    index[spec.name] = nodes_.size();
    nodes_.push_back(std::move(node));
  }
}

PointExecutor::~PointExecutor() = default;

namespace {
// Outputs read from an older result, in the method's declaration order.
NodeOutputs in_declared_order(const MethodInfo& info, const NodeOutputs& stored) {
  NodeOutputs ordered;
  for (const auto& port : info.outputs) {
    const auto it = std::find_if(stored.begin(), stored.end(),
                                 [&](const auto& o) { return o.first == port.name; });
    if (it == stored.end() && port.optional) continue;
    if (it == stored.end())
      throw Error("the reused result has no output '" + port.name + "' for this node");
    ordered.push_back(*it);
  }
  return ordered;
}
}  // namespace

void PointExecutor::run_node(std::size_t i, PointState& state) const {
  const Node& node = nodes_[i];
  if (state.stop.point_failed.load()) return;
  if (state.stop.interrupted()) return record_failure(state, node.name + ": interrupted");
  try {
    auto claim = cache_.claim(state.point.lineage[i].key, state.stop);
    if (!claim.outputs) return compute_node(i, state);
    state.outputs[i] = claim.origin == "shared"
                           ? claim.outputs
                           : std::make_shared<const NodeOutputs>(
                                 in_declared_order(node.method->exported.info, *claim.outputs));
    state.origins[i] = std::move(claim.origin);
  } catch (const std::exception& e) {
    record_failure(state, node.name + ": " + e.what());
  }
}

// The key is claimed: compute it, and publish it or hand it to a point waiting for it.
void PointExecutor::compute_node(std::size_t i, PointState& state) const {
  const Node& node = nodes_[i];
  const auto& key = state.point.lineage[i].key;
  std::vector<std::pair<std::string, const Value*>> inputs;
  for (const auto& [port, from] : node.inputs) {
    for (const auto& [out, value] : *state.outputs[from.first])
      if (out == from.second) inputs.emplace_back(port, &value);
  }
  static const std::map<std::string, Value> kNoParams;
  const auto params = state.point.params.find(node.name);
  const NodeContext::LogSink log = [&](std::string_view message) {
    record_log(state, node.name, message);
  };
  NodeContext ctx(node.method->exported.info,
                  params == state.point.params.end() ? kNoParams : params->second,
                  std::move(inputs), state.point.lineage[i].seed, state.stop, log);
  const auto running = state.limits.running
                           ? state.limits.running->enter(state.point.id, node.name, ctx)
                           : RunningNodes::Scope();
  try {
    std::unique_lock<std::mutex> lock;
    if (node.exclusive) lock = std::unique_lock(*node.exclusive);
    tbb::this_task_arena::isolate([&] { node.method->exported.run(ctx); });
    state.outputs[i] = cache_.fulfil(key, ctx.take_outputs());
    state.origins[i] = "computed";
  } catch (const std::exception& e) {
    cache_.abandon(key);
    record_failure(state, node.name + ": " + e.what());
  } catch (...) {
    cache_.abandon(key);
    record_failure(state, node.name + ": unknown exception");
  }
}

void PointExecutor::record_failure(PointState& state, std::string message) {
  std::lock_guard lock(state.error_mutex);
  if (state.error.empty()) state.error = std::move(message);
  state.stop.point_failed = true;
}

void PointExecutor::record_log(PointState& state, const std::string& node,
                               std::string_view message) {
  {
    // Every line of a message names its node, so the point's log reads line by line.
    std::lock_guard lock(state.log_mutex);
    for (std::size_t at = 0; at <= message.size();) {
      const auto end = std::min(message.find('\n', at), message.size());
      if (!state.log.empty()) state.log += '\n';
      state.log.append(node).append(": ").append(message.substr(at, end - at));
      at = end + 1;
    }
  }
  if (state.limits.log) state.limits.log(state.point.id + " " + node + ": " + std::string(message));
}

void PointExecutor::run_graph(PointState& state) const {
  std::function<void(std::size_t)> launch = [&](std::size_t i) {
    state.tasks.run([&, i] {
      run_node(i, state);
      for (auto s : nodes_[i].successors)
        if (--state.waiting[s] == 0) launch(s);
    });
  };
  for (std::size_t i = 0; i < nodes_.size(); ++i)
    if (nodes_[i].predecessors == 0) launch(i);
  state.tasks.wait();
}

PointOutcome PointExecutor::run(const PlannedPoint& point, const PointLimits& limits) const {
  const auto start = std::chrono::steady_clock::now();
  PointState state{point, limits, {}, {}, {}, {}, {}, {}, {}, {}, {}};
  state.stop.interrupt = limits.interrupt;
  if (limits.timeout_s)
    state.stop.deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(*limits.timeout_s));
  state.outputs.resize(nodes_.size());
  state.origins.resize(nodes_.size());
  if (is_chain_) {
    for (std::size_t i = 0; i < nodes_.size(); ++i) run_node(i, state);
  } else {
    state.waiting = std::make_unique<std::atomic<std::size_t>[]>(nodes_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) state.waiting[i] = nodes_[i].predecessors;
    run_graph(state);
  }

  PointOutcome outcome;
  auto& r = outcome.result;
  r.id = point.id;
  r.replicate = point.replicate;
  r.sweep_index = point.index;
  r.seed = point.seed;
  r.swept = point.swept;
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.log = std::move(state.log);
  if (state.stop.interrupted() && !state.error.empty()) {
    outcome.interrupted = true;
  } else if (!state.error.empty()) {
    const bool timed_out = state.stop.deadline_passed();
    r.status = timed_out ? PointStatus::timeout : PointStatus::failed;
    r.error = timed_out
                  ? state.error + " (timeout after " + std::to_string(*limits.timeout_s) + " s)"
                  : state.error;
  } else {
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      NodeRecord record{nodes_[i].name, point.lineage[i].key, std::move(state.origins[i]), {}};
      for (const auto& [port, value] : *state.outputs[i]) {
        if (nodes_[i].unstored.count(port))
          record.unstored.push_back(port);
        else
          r.outputs.push_back({nodes_[i].name, port, value});
      }
      r.nodes.push_back(std::move(record));
    }
  }
  return outcome;
}

}  // namespace assay
