#include "pipeline/plan/sweep_growth.hpp"

#include <algorithm>
#include <vector>

namespace assay {

namespace {

constexpr const char* kHint =
    "--resume may add sweep values and replicates only; run the changed pipeline into another "
    "--out";

// A param's values over the sweep: its axis, or its one fixed value.
std::vector<std::string> param_values(const Pipeline& pipeline, const NodeSpec& node,
                                      const std::string& param) {
  const std::string key = node.name + "." + param;
  for (const auto& axis : pipeline.axes) {
    const auto k = std::find(axis.keys.begin(), axis.keys.end(), key) - axis.keys.begin();
    if (k == static_cast<std::ptrdiff_t>(axis.keys.size())) continue;
    std::vector<std::string> values;
    for (const auto& step : axis.steps) values.push_back(to_text(step[k]));
    return values;
  }
  return {to_text(node.params.at(param).value)};
}

std::string links_text(const NodeSpec& node) {
  std::string text;
  for (const auto& [port, link] : node.inputs)
    text += port + "=" + link.node + "." + link.port + " ";
  return text;
}

void check_node(const Pipeline& before, const NodeSpec& was, const Pipeline& now,
                const NodeSpec& node, const std::string& result) {
  const std::string key = "nodes." + node.name;
  const auto changed = [&](const std::string& what, const std::string& then,
                           const std::string& today) {
    throw SourceError(
        node.pos, key + what,
        "changed since " + result + " was written (" + then + " there, " + today + " now)", kHint);
  };
  if (was.method != node.method) changed(".method", was.method, node.method);
  if (links_text(was) != links_text(node)) changed(".inputs", links_text(was), links_text(node));
  if (was.shared_across_replicates != node.shared_across_replicates)
    changed(".replicate", was.shared_across_replicates ? "shared" : "each",
            node.shared_across_replicates ? "shared" : "each");
  for (const auto& [param, setting] : node.params) {
    if (!was.params.count(param)) changed("." + param, "no such param", to_text(setting.value));
    const auto values = param_values(now, node, param);
    for (const auto& value : param_values(before, was, param))
      if (std::find(values.begin(), values.end(), value) == values.end())
        throw SourceError(
            setting.pos, key + "." + param,
            "the points of " + result + " have " + value + ", which the sweep no longer includes",
            kHint);
  }
}

}  // namespace

void check_sweep_growth(const Pipeline& before, const Pipeline& now,
                        const std::unordered_map<std::string, std::uint64_t>& grown_ids,
                        const std::string& result) {
  if (before.seed != now.seed)
    throw SourceError({now.file}, "pipeline.seed",
                      "changed since " + result + " was written (" + std::to_string(before.seed) +
                          " there, " + std::to_string(now.seed) + " now)",
                      kHint);
  if (now.replicates < before.replicates)
    throw SourceError({now.file}, "sweep.replicates",
                      "fewer than when " + result + " was written (" +
                          std::to_string(before.replicates) + " there, " +
                          std::to_string(now.replicates) + " now)",
                      kHint);
  for (const auto& was : before.nodes)
    if (!now.find_node(was.name))
      throw SourceError({now.file}, "nodes." + was.name,
                        "the node is gone since " + result + " was written", kHint);
  for (const auto& node : now.nodes) {
    const auto* was = before.find_node(node.name);
    if (!was)
      throw SourceError(node.pos, "nodes." + node.name,
                        "a node added since " + result + " was written", kHint);
    check_node(before, *was, now, node, result);
  }
  // Zipped axes can recombine values that each stay on their axis: compare the points too.
  const SweepPlan earlier(before);
  for (std::size_t i = 0; i < earlier.size(); ++i) {
    const auto point = earlier.point(i);
    if (grown_ids.count(point.id)) continue;
    std::string values;
    for (const auto& [key, value] : point.swept) values += key + "=" + to_text(value) + ", ";
    throw SourceError({now.file}, "sweep",
                      "point " + point.id + " of " + result + " (" + values + "replicate " +
                          std::to_string(point.replicate) + ") is not in the sweep any more",
                      kHint);
  }
}

}  // namespace assay
