#include "cli/points_table.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace assay {

namespace {

using Row = std::vector<std::string>;

std::string cell_text(const Value& v) {
  if (v.kind() != Kind::real) return to_text(v);
  std::ostringstream s;
  s << std::setprecision(6) << v.as_real();
  return s.str();
}

void print_rows(const std::vector<Row>& rows, std::ostream& out) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      width.resize(std::max(width.size(), row.size()));
      width[c] = std::max(width[c], std::min<std::size_t>(row[c].size(), 40));
    }
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c)
      out << std::left << std::setw(static_cast<int>(width[c]) + 2) << row[c];
    out << "\n";
  }
}

std::vector<std::string> scalar_columns(const ResultSet& results) {
  std::vector<std::string> columns;
  for (const auto& p : results.points)
    for (const auto& o : p.outputs) {
      const auto name = o.node + "." + o.port;
      if (o.value.is_scalar() && std::find(columns.begin(), columns.end(), name) == columns.end())
        columns.push_back(name);
    }
  return columns;
}

Row point_row(const PointResult& p, const std::vector<std::string>& scalars) {
  Row row{p.id, std::string(status_name(p.status))};
  for (const auto& [key, value] : p.swept) row.push_back(cell_text(value));
  row.push_back(std::to_string(p.replicate));
  for (const auto& column : scalars) {
    auto it = std::find_if(p.outputs.begin(), p.outputs.end(),
                           [&](const NodeOutput& o) { return o.node + "." + o.port == column; });
    row.push_back(it == p.outputs.end() ? "-" : cell_text(it->value));
  }
  std::ostringstream wall;
  wall << std::fixed << std::setprecision(3) << p.wall_s;
  row.push_back(wall.str());
  row.push_back(p.error);
  return row;
}

}  // namespace

void print_results(const ResultSet& results, std::size_t limit, std::ostream& out) {
  const auto& info = results.info;
  std::size_t by_status[3] = {0, 0, 0};
  for (const auto& p : results.points) ++by_status[static_cast<int>(p.status)];
  out << "pipeline " << info.pipeline_name << ", created " << info.created_utc << " by assay "
      << info.assay_version << "\n"
      << results.points.size() << " of " << info.planned_points
      << " points stored: " << by_status[0] << " ok, " << by_status[1] << " failed, "
      << by_status[2] << " timeout\n\n";
  const auto scalars = scalar_columns(results);
  Row header{"point_id", "status"};
  header.insert(header.end(), info.swept_keys.begin(), info.swept_keys.end());
  header.push_back("replicate");
  header.insert(header.end(), scalars.begin(), scalars.end());
  header.push_back("wall_s");
  header.push_back("error");
  std::vector<Row> rows{header};
  for (std::size_t i = 0; i < results.points.size() && i < limit; ++i)
    rows.push_back(point_row(results.points[i], scalars));
  print_rows(rows, out);
  if (results.points.size() > limit)
    out << "... " << results.points.size() - limit << " more points (--limit N shows more)\n";
}

void print_plan(const Pipeline& pipeline, const SweepPlan& plan, std::size_t limit,
                std::ostream& out) {
  out << "pipeline " << pipeline.name << " (" << pipeline.file << "), seed " << pipeline.seed
      << ", " << plan.size() << " points\n\nnodes, in run order:\n";
  for (const auto& node : pipeline.nodes) {
    out << "  " << node.name << " = " << node.method << "\n";
    for (const auto& [name, setting] : node.params)
      out << "      " << name << " = " << to_text(setting.value) << "\n";
    for (const auto& [port, link] : node.inputs)
      out << "      input " << port << " <- " << link.node << "." << link.port << "\n";
  }
  Row header{"index", "point_id", "replicate"};
  header.insert(header.end(), plan.swept_keys().begin(), plan.swept_keys().end());
  std::vector<Row> rows{header};
  for (std::size_t i = 0; i < plan.size() && i < limit; ++i) {
    const auto p = plan.point(i);
    Row row{std::to_string(i), p.id, std::to_string(p.replicate)};
    for (const auto& [key, value] : p.swept) row.push_back(cell_text(value));
    rows.push_back(std::move(row));
  }
  out << "\npoints:\n";
  print_rows(rows, out);
  if (plan.size() > limit) out << "... " << plan.size() - limit << " more points\n";
}

}  // namespace assay
