#include "pipeline/validate/validation_steps.hpp"

namespace assay {

namespace {

const PortSpec& input_port(const NodeSpec& node, const MethodInfo& method, const std::string& port,
                           const InputLink& link) {
  const auto* spec = find_input(method, port);
  if (!spec)
    throw SourceError(link.pos, "nodes." + node.name + ".inputs." + port,
                      method.id + " has no input port \"" + port + "\"",
                      did_you_mean(port, names_of(method.inputs)) +
                          "its inputs: " + joined(names_of(method.inputs)));
  return *spec;
}

const PortSpec& upstream_port(const Pipeline& pipeline, const NodeMethods& methods,
                              const std::string& key, const InputLink& link) {
  const auto upstream = methods.find(link.node);
  if (upstream == methods.end())
    throw SourceError(link.pos, key, "no node \"" + link.node + "\"",
                      did_you_mean(link.node, node_names(pipeline)) +
                          "link to \"node.port\" of a node in [nodes]");
  const auto& method = *upstream->second;
  const auto* spec = find_output(method, link.port);
  if (!spec)
    throw SourceError(
        link.pos, key,
        "node " + link.node + " (" + method.id + ") has no output \"" + link.port + "\"",
        did_you_mean(link.port, names_of(method.outputs)) +
            "its outputs: " + joined(names_of(method.outputs)));
  return *spec;
}

void check_link(const Pipeline& pipeline, const NodeMethods& methods, const NodeSpec& node,
                const std::string& port, const InputLink& link) {
  const auto& method = *methods.find(node.name)->second;
  const auto& in = input_port(node, method, port, link);
  const std::string key = "nodes." + node.name + ".inputs." + port;
  const auto& out = upstream_port(pipeline, methods, key, link);
  if (in.kind != Kind::any && in.kind != out.kind)
    throw SourceError(link.pos, key,
                      link.node + "." + link.port + " is a " + std::string(kind_name(out.kind)) +
                          " but input " + port + " of " + method.id + " takes a " +
                          std::string(kind_name(in.kind)),
                      "connect an output of kind " + std::string(kind_name(in.kind)));
}

void check_connected(const NodeSpec& node, const MethodInfo& method) {
  for (const auto& port : method.inputs) {
    if (port.optional || node.inputs.count(port.name)) continue;
    throw SourceError(
        node.pos, "nodes." + node.name + ".inputs." + port.name,
        "required input of " + method.id + " not connected",
        "add inputs = { " + port.name + " = \"node.port\" } to [nodes." + node.name + "]");
  }
}

// A node shared across replicates whose input varies with the replicate would not be shared.
void check_shared_inputs(const Pipeline& pipeline, const NodeSpec& node) {
  if (!node.shared_across_replicates) return;
  for (const auto& [port, link] : node.inputs) {
    const auto* upstream = pipeline.find_node(link.node);
    if (upstream && !upstream->shared_across_replicates)
      throw SourceError(
          node.replicate_pos, "nodes." + node.name + ".replicate",
          "\"shared\", but its input " + port + " comes from node " + link.node +
              ", which varies with the replicate",
          "add replicate = \"shared\" to [nodes." + link.node + "] too, or remove it here");
  }
}

}  // namespace

void check_links(const Pipeline& pipeline, const NodeMethods& methods) {
  for (const auto& node : pipeline.nodes) {
    for (const auto& [port, link] : node.inputs) check_link(pipeline, methods, node, port, link);
    check_connected(node, *methods.find(node.name)->second);
    check_shared_inputs(pipeline, node);
  }
}

}  // namespace assay
