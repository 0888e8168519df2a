#include "cli/points_json.hpp"

#include <sstream>

#include "cli/plan_summary.hpp"
#include "cli/result_page.hpp"

namespace assay {

namespace {

Json swept_json(const std::vector<std::pair<std::string, Value>>& swept) {
  Json object = Json::object();
  for (const auto& [key, value] : swept) object[key] = value_json(value);
  return object;
}

// Arrays and tables stay in the HDF5 file; the scalars are what a summary compares.
Json scalar_outputs_json(const PointResult& point) {
  Json object = Json::object();
  for (const auto& o : point.outputs)
    if (o.value.is_scalar()) object[o.node + "." + o.port] = value_json(o.value);
  return object;
}

Json log_json(const std::string& log) {
  Json lines = Json::array();
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

Json plugins_json(const std::vector<PluginProvenance>& plugins) {
  Json list = Json::array();
  for (const auto& p : plugins)
    list.push_back({{"name", p.name},
                    {"version", p.version},
                    {"path", p.path},
                    {"sha256", p.sha256},
                    {"license", p.license}});
  return list;
}

Json param_json(const Pipeline& pipeline, const NodeSpec& node, const std::string& name,
                const Value& value) {
  const auto swept = swept_param(pipeline, node.name, name);
  if (!swept) return {{"name", name}, {"swept", false}, {"value", value_json(value)}};
  Json values = Json::array();
  for (const auto& v : swept->values()) values.push_back(value_json(v));
  return {
      {"name", name}, {"swept", true}, {"values", values}, {"zipped_with", swept->zipped_with()}};
}

Json nodes_json(const Pipeline& pipeline, const SweepPlan& plan) {
  const auto distinct = distinct_lineages(pipeline, plan);
  Json nodes = Json::array();
  for (std::size_t n = 0; n < pipeline.nodes.size(); ++n) {
    const auto& node = pipeline.nodes[n];
    Json params = Json::array(), inputs = Json::object();
    for (const auto& [name, setting] : node.params)
      params.push_back(param_json(pipeline, node, name, setting.value));
    for (const auto& [port, link] : node.inputs) inputs[port] = link.node + "." + link.port;
    nodes.push_back({{"name", node.name},
                     {"method", node.method},
                     {"method_version", node.method_version},
                     {"distinct_lineages", distinct.empty() ? Json() : Json(distinct[n])},
                     {"shared_across_replicates", node.shared_across_replicates},
                     {"params", params},
                     {"inputs", inputs}});
  }
  return nodes;
}

Json planned_points_json(const SweepPlan& plan) {
  Json points = Json::array();
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto p = plan.point(i);
    points.push_back(
        {{"index", i}, {"id", p.id}, {"replicate", p.replicate}, {"swept", swept_json(p.swept)}});
  }
  return points;
}

}  // namespace

Json point_json(const PointResult& point) {
  Json nodes = Json::array();
  for (const auto& record : point.nodes)
    nodes.push_back({{"node", record.node}, {"key", record.key}, {"origin", record.origin}});
  return {{"id", point.id},
          {"status", status_name(point.status)},
          {"replicate", point.replicate},
          {"seed", point.seed},
          {"swept", swept_json(point.swept)},
          {"outputs", scalar_outputs_json(point)},
          {"wall_s", point.wall_s},
          {"error", point.error},
          {"nodes", nodes},
          {"log", log_json(point.log)}};
}

namespace {
Json summary_json(const std::filesystem::path& file, const RunInfo& info, std::size_t stored,
                  const StatusCounts& counts) {
  return {{"file", file.string()},
          {"pipeline", info.pipeline_name},
          {"created_utc", info.created_utc},
          {"assay_version", info.assay_version},
          {"command", info.command},
          {"fingerprint", info.fingerprint},
          {"planned_points", info.planned_points},
          {"stored_points", stored},
          {"counts", {{"ok", counts.ok}, {"failed", counts.failed}, {"timeout", counts.timeout}}},
          {"swept_keys", info.swept_keys},
          {"provenance", info.provenance},
          {"plugins", plugins_json(info.plugins)}};
}
}  // namespace

Json result_summary_json(const std::filesystem::path& file, const ResultSet& results) {
  return summary_json(file, results.info, results.points.size(), count_statuses(results));
}

Json results_json(const std::filesystem::path& file, const ResultPage& page) {
  auto document = summary_json(file, page.info, page.stored_points, page_counts(page));
  Json points = Json::array();
  for (const auto& point : page.points) points.push_back(point_json(point));
  document["points"] = std::move(points);
  return document;
}

Json plan_json(const Pipeline& pipeline, const SweepPlan& plan) {
  Json axes = Json::array();
  for (const auto& axis : pipeline.axes)
    axes.push_back({{"keys", axis.keys}, {"steps", axis.steps.size()}});
  return {{"pipeline", pipeline.name},
          {"file", pipeline.file},
          {"seed", pipeline.seed},
          {"replicates", pipeline.replicates},
          {"planned_points", plan.size()},
          {"fingerprint", plan.fingerprint()},
          {"swept_keys", plan.swept_keys()},
          {"axes", axes},
          {"nodes", nodes_json(pipeline, plan)},
          {"points", planned_points_json(plan)}};
}

}  // namespace assay
