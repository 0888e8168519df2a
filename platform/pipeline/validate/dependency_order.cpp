#include <algorithm>
#include <set>
#include <stdexcept>

#include "pipeline/validate/validation_steps.hpp"

namespace assay {

namespace {

using Waiting = std::map<std::string, const NodeSpec*, std::less<>>;

// The first link of `node` to a node that is still waiting; every waiting node has one.
const InputLink& waiting_link(const NodeSpec& node, const Waiting& waiting) {
  for (const auto& [port, link] : node.inputs)
    if (waiting.count(link.node)) return link;
  throw std::logic_error("order_by_dependencies: node " + node.name + " waits for nothing");
}

// Walks upstream from a waiting node until a node repeats; the repeated stretch is a cycle.
[[noreturn]] void report_cycle(const NodeSpec& start, const Waiting& waiting) {
  std::vector<const NodeSpec*> path;
  std::vector<const InputLink*> links;
  const NodeSpec* at = &start;
  while (std::find(path.begin(), path.end(), at) == path.end()) {
    path.push_back(at);
    links.push_back(&waiting_link(*at, waiting));
    at = waiting.find(links.back()->node)->second;
  }
  const auto first = std::find(path.begin(), path.end(), at) - path.begin();
  std::string cycle = at->name;  // written in the direction data flows: upstream first
  for (auto i = static_cast<std::ptrdiff_t>(path.size()) - 1; i >= first; --i)
    cycle += " -> " + path[i]->name;
  const auto& link = *links[first];
  std::string port;
  for (const auto& [name, l] : at->inputs)
    if (&l == &link) port = name;
  throw SourceError(link.pos, "nodes." + at->name + ".inputs." + port,
                    "the inputs form a cycle: " + cycle,
                    "a node cannot depend on its own outputs; remove one of these links");
}

bool ready(const NodeSpec& node, const std::set<std::string>& placed) {
  return std::all_of(node.inputs.begin(), node.inputs.end(),
                     [&](const auto& in) { return placed.count(in.second.node) > 0; });
}

}  // namespace

void order_by_dependencies(Pipeline& pipeline) {
  std::vector<const NodeSpec*> waiting_list;
  for (const auto& node : pipeline.nodes) waiting_list.push_back(&node);
  std::set<std::string> placed;
  std::vector<NodeSpec> ordered;
  while (!waiting_list.empty()) {
    const auto next = std::find_if(waiting_list.begin(), waiting_list.end(),
                                   [&](const NodeSpec* n) { return ready(*n, placed); });
    if (next == waiting_list.end()) {
      Waiting waiting;
      for (const auto* n : waiting_list) waiting.emplace(n->name, n);
      report_cycle(*waiting_list.front(), waiting);
    }
    placed.insert((*next)->name);
    ordered.push_back(**next);
    waiting_list.erase(next);
  }
  pipeline.nodes = std::move(ordered);
}

}  // namespace assay
