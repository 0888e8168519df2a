// The canonical text of a validated pipeline: what ran, stored in results and hashed into the
// sweep fingerprint. Node and axis order are kept; params are sorted by name.
#include <sstream>

#include "pipeline/pipeline.hpp"
#include "pipeline/toml/toml_text.hpp"

namespace assay {

namespace {

// `store = false` for none, else the list; unset (all stored) is not written, so the texts and
// fingerprints of pipelines without `store` are what they were.
std::string stored_outputs_text(const std::vector<std::string>& stored) {
  if (stored.empty()) return "false";
  std::string s = "[";
  for (std::size_t i = 0; i < stored.size(); ++i) s += (i ? ", " : "") + toml_text(stored[i]);
  return s + "]";
}

void write_node(std::ostringstream& out, const NodeSpec& node) {
  out << "\n[nodes." << node.name << "]\n";
  out << "method = " << toml_text(node.method) << "\n";
  if (node.shared_across_replicates) out << "replicate = \"shared\"\n";
  if (node.stored_outputs) out << "store = " << stored_outputs_text(*node.stored_outputs) << "\n";
  for (const auto& [name, setting] : node.params)
    out << toml_key(name) << " = " << toml_text(setting.value) << "\n";
  if (node.inputs.empty()) return;
  out << "inputs = {";
  const char* separator = " ";
  for (const auto& [port, link] : node.inputs) {
    out << separator << toml_key(port) << " = " << toml_text(link.node + "." + link.port);
    separator = ", ";
  }
  out << " }\n";
}

std::string list_text(const SweepAxis& axis, std::size_t k) {
  std::string s = "[";
  for (std::size_t i = 0; i < axis.steps.size(); ++i)
    s += (i ? ", " : "") + toml_text(axis.steps[i][k]);
  return s + "]";
}

std::string zip_text(const std::vector<SweepAxis>& axes) {
  std::string groups;
  for (const auto& axis : axes) {
    if (axis.keys.size() < 2) continue;
    std::string group;
    for (const auto& key : axis.keys) group += (group.empty() ? "" : ", ") + toml_text(key);
    groups += (groups.empty() ? "[" : ", [") + group + "]";
  }
  return groups.empty() ? groups : "[" + groups + "]";
}

void write_sweep(std::ostringstream& out, const Pipeline& pipeline) {
  out << "\n[sweep]\n";
  for (const auto& axis : pipeline.axes)
    for (std::size_t k = 0; k < axis.keys.size(); ++k)
      out << toml_key(axis.keys[k]) << " = " << list_text(axis, k) << "\n";
  if (const auto zip = zip_text(pipeline.axes); !zip.empty()) out << "zip = " << zip << "\n";
  out << "replicates = " << pipeline.replicates << "\n";
}

}  // namespace

std::string resolved_toml(const Pipeline& pipeline) {
  std::ostringstream out;
  out << "[pipeline]\n";
  out << "name = " << toml_text(pipeline.name) << "\n";
  out << "seed = " << pipeline.seed << "\n";
  for (const auto& node : pipeline.nodes) write_node(out, node);
  write_sweep(out, pipeline);
  return out.str();
}

}  // namespace assay
