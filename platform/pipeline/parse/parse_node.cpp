#include "pipeline/parse/parse_node.hpp"

#include "pipeline/validate/pipeline_names.hpp"

namespace assay {

namespace {

InputLink read_link(const toml::node& node, const TomlOrigin& origin, const std::string& key) {
  const auto* text = node.as_string();
  const auto link = text ? split_dotted(text->get()) : std::nullopt;
  if (!link)
    throw SourceError(origin.pos(node.source()), key,
                      "expected \"node.port\", got " + toml_node_text(node),
                      "link the input to an output of another node, e.g. matrix = \"data.matrix\"");
  return {link->node, link->member, origin.pos(node.source())};
}

void read_inputs(const toml::node& node, const TomlOrigin& origin, NodeSpec& out) {
  const std::string key = "nodes." + out.name + ".inputs";
  const auto* inputs = node.as_table();
  if (!inputs)
    throw SourceError(origin.pos(node.source()), key,
                      "expected a table of links, got " + toml_node_text(node),
                      "write inputs = { port = \"node.port\" }");
  for (const auto& [port, link] : *inputs) {
    const std::string name(port.str());
    out.inputs[name] = read_link(link, origin, key + "." + name);
  }
}

std::string read_method(const toml::table& table, const TomlOrigin& origin, NodeSpec& node) {
  const auto* method = table.get("method");
  const std::string key = "nodes." + node.name + ".method";
  if (!method)
    throw SourceError(
        node.pos, key, "node without a method",
        "add method = \"<id>\" to [nodes." + node.name + "]; `assay list` shows the ids");
  if (!method->is_string())
    throw SourceError(origin.pos(method->source()), key,
                      "expected a method id string, got " + toml_node_text(*method),
                      "write method = \"<id>\"; `assay list` shows the ids");
  node.method_pos = origin.pos(method->source());
  return method->as_string()->get();
}

// `replicate = "shared" | "each"` (default "each"): whether the node's lineage varies with the
// replicate.
void read_replicate(const toml::node& node, const TomlOrigin& origin, NodeSpec& out) {
  const auto* text = node.as_string();
  out.replicate_pos = origin.pos(node.source());
  if (!text || (text->get() != "shared" && text->get() != "each"))
    throw SourceError(out.replicate_pos, "nodes." + out.name + ".replicate",
                      "expected \"shared\" or \"each\", got " + toml_node_text(node),
                      "\"shared\": one computation serves every replicate; \"each\" (the "
                      "default): each replicate computes the node with its own seed");
  out.shared_across_replicates = text->get() == "shared";
}

// `store = true | false | ["output", ...]`: which outputs the result keeps.
void read_store(const toml::node& node, const TomlOrigin& origin, NodeSpec& out) {
  out.store_pos = origin.pos(node.source());
  const std::string key = "nodes." + out.name + ".store";
  const std::string hint =
      "write store = false (pass the outputs downstream, write none to the result), "
      "store = [\"output\", ...] (write only those) or store = true (the default: all)";
  if (const auto* flag = node.as_boolean()) {
    if (!flag->get()) out.stored_outputs.emplace();
    return;
  }
  const auto* list = node.as_array();
  if (!list)
    throw SourceError(out.store_pos, key,
                      "expected a boolean or a list of output names, got " + toml_node_text(node),
                      hint);
  out.stored_outputs.emplace();
  for (const auto& item : *list) {
    const auto* name = item.as_string();
    if (!name)
      throw SourceError(origin.pos(item.source()), key,
                        "expected an output name, got " + toml_node_text(item), hint);
    out.stored_outputs->push_back(name->get());
  }
}

}  // namespace

NodeSpec read_node(const toml::key& name, const toml::node& node, const TomlOrigin& origin) {
  NodeSpec out;
  out.name = std::string(name.str());
  out.pos = origin.pos(name.source());
  if (!is_node_name(out.name))
    throw SourceError(out.pos, "nodes." + out.name, "bad node name", node_name_rule());
  const auto* table = node.as_table();
  if (!table)
    throw SourceError(origin.pos(node.source()), "nodes." + out.name, "a node must be a table",
                      "write [nodes." + out.name + "] with a method");
  out.method = read_method(*table, origin, out);
  for (const auto& [k, v] : *table) {
    const std::string key(k.str());
    if (key == "inputs") {
      read_inputs(v, origin, out);
    } else if (key == "replicate") {
      read_replicate(v, origin, out);
    } else if (key == "store") {
      read_store(v, origin, out);
    } else if (key != "method") {
      const std::string path = "nodes." + out.name + "." + key;
      out.params[key] = {toml_to_value(v, origin, path), origin.pos(v.source())};
    }
  }
  return out;
}

}  // namespace assay
