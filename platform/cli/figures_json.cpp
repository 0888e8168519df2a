#include "cli/figures_json.hpp"

#include <optional>

namespace assay {

namespace {
constexpr const char* kColumnKeys[] = {"y", "x", "colour", "facet", "row"};
}

// Empty roles are left out, so the report reads a missing key as "none".
Json figure_json(const Figure& f) {
  Json json{{"kind", f.kind}};
  const std::string* columns[] = {&f.y, &f.x, &f.colour, &f.facet, &f.row};
  for (std::size_t i = 0; i < std::size(columns); ++i)
    if (!columns[i]->empty()) json[kColumnKeys[i]] = *columns[i];
  json["error"] = f.error;
  if (!f.title.empty()) json["title"] = f.title;
  if (f.logx) json["logx"] = true;
  if (f.logy) json["logy"] = true;
  return json;
}

namespace {
// The /index column a declared name is in this node's pipeline: "replicate"; "PORT.param" as the
// param of the node feeding PORT (none when the port is left unconnected); else the node's own.
std::optional<std::string> index_column(const NodeSpec& node, const std::string& name) {
  if (name == "replicate") return name;
  const auto dot = name.find('.');
  if (dot == std::string::npos) return node.name + "." + name;
  const auto link = node.inputs.find(name.substr(0, dot));
  if (link == node.inputs.end()) return std::nullopt;
  return link->second.node + name.substr(dot);
}
}  // namespace

std::string run_figures_json(const Pipeline& pipeline, const PluginRegistry& registry) {
  Json figures = Json::array();
  for (const auto& node : pipeline.nodes)
    for (const auto& figure : registry.method(node.method)->exported.info.figures) {
      auto json = figure_json(figure);
      for (const char* key : kColumnKeys) {
        if (!json.contains(key)) continue;
        if (auto column = index_column(node, json[key].get<std::string>()))
          json[key] = *column;
        else
          json.erase(key);
      }
      json["node"] = node.name;
      json["method"] = node.method;
      figures.push_back(std::move(json));
    }
  return figures.empty() ? std::string() : figures.dump();
}

}  // namespace assay
