#include <algorithm>

#include "pipeline/validate/validation_steps.hpp"

namespace assay {

namespace {

// The names `store` lists, checked against the method's outputs and put in its port order.
std::vector<std::string> stored_in_port_order(const NodeSpec& node, const MethodInfo& method) {
  const auto& listed = *node.stored_outputs;
  const auto ports = names_of(method.outputs);
  for (const auto& name : listed)
    if (std::find(ports.begin(), ports.end(), name) == ports.end())
      throw SourceError(node.store_pos, "nodes." + node.name + ".store",
                        method.id + " has no output \"" + name + "\"",
                        did_you_mean(name, ports) + "its outputs: " + joined(ports));
  std::vector<std::string> stored;
  for (const auto& port : ports)
    if (std::find(listed.begin(), listed.end(), port) != listed.end()) stored.push_back(port);
  return stored;
}

}  // namespace

void check_stored_outputs(Pipeline& pipeline, const NodeMethods& methods) {
  for (auto& node : pipeline.nodes)
    if (node.stored_outputs)
      node.stored_outputs = stored_in_port_order(node, *methods.at(node.name));
}

}  // namespace assay
