#include "pipeline/parse/sweep_draws.hpp"
#include "pipeline/validate/validation_steps.hpp"

namespace assay {

std::vector<std::string> node_names(const Pipeline& pipeline) {
  std::vector<std::string> out;
  for (const auto& node : pipeline.nodes) out.push_back(node.name);
  return out;
}

NodeMethods find_methods(const Pipeline& pipeline, const MethodCatalog& catalog) {
  NodeMethods out;
  for (const auto& node : pipeline.nodes) {
    const auto* info = catalog.find(node.method);
    if (!info)
      throw SourceError(
          node.method_pos, "nodes." + node.name + ".method",
          "unknown method \"" + node.method + "\"",
          did_you_mean(node.method, catalog.ids()) + "`assay list` shows the available methods");
    out.emplace(node.name, info);
  }
  return out;
}

void validate(Pipeline& pipeline, const MethodCatalog& methods) {
  draw_sweep_values(pipeline);  // first: the seed is final only now, after --set
  const auto node_methods = find_methods(pipeline, methods);
  for (auto& node : pipeline.nodes) node.method_version = node_methods.at(node.name)->version;
  resolve_sweep(pipeline, node_methods);
  resolve_params(pipeline, node_methods);
  resolve_paths(pipeline, node_methods);
  check_links(pipeline, node_methods);
  check_stored_outputs(pipeline, node_methods);
  order_by_dependencies(pipeline);
}

}  // namespace assay
