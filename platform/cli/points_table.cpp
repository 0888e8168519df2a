#include "cli/points_table.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "cli/plan_summary.hpp"
#include "cli/result_page.hpp"

namespace assay {

namespace {

using Row = std::vector<std::string>;

std::string cell_text(const Value& v) {
  if (v.kind() != Kind::real) return to_text(v);
  std::ostringstream s;
  s << std::setprecision(6) << v.as_real();
  return s.str();
}

// Columns are at most kCellWidth wide: a longer cell (a digest, a long string param) is cut
// with "..." so the columns stay aligned, except in the last column (the error), shown whole.
constexpr std::size_t kCellWidth = 40;

void print_rows(const std::vector<Row>& rows, std::ostream& out) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      width.resize(std::max(width.size(), row.size()));
      width[c] = std::max(width[c], std::min(row[c].size(), kCellWidth));
    }
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      const bool cut = c + 1 < row.size() && row[c].size() > kCellWidth;
      out << std::left << std::setw(static_cast<int>(width[c]) + 2)
          << (cut ? row[c].substr(0, kCellWidth - 3) + "..." : row[c]);
    }
    out << "\n";
  }
}

// What the run read, from /provenance: the files its path params named and the values of its
// provenance outputs (e.g. a corpus's content hash), whole, since the table cuts long cells.
void print_data_provenance(const RunInfo& info, std::ostream& out) {
  for (const auto& [key, value] : info.provenance)
    if (key.starts_with(kInputDigestPrefix) || key.starts_with(kProvenanceOutputPrefix))
      out << "  " << key << " = " << value << "\n";
}

// The nodes a point did not compute itself: "lm shared", "lm from old.h5".
std::string taken_nodes(const PointResult& p) {
  std::string text;
  for (const auto& record : p.nodes) {
    if (record.origin == "computed") continue;
    const bool reused = record.origin.starts_with("reused ");
    text += (text.empty() ? "" : ", ") + record.node +
            (reused ? " from " + record.origin.substr(7) : " " + record.origin);
  }
  return text;
}

Row point_row(const PointResult& p, const std::vector<std::string>& scalars, bool taken) {
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
  if (taken) row.push_back(taken_nodes(p));
  row.push_back(p.error);
  return row;
}

// "swept over 1, 2, 3 (3 values)": the first few values of a long axis, and the keys a zipped
// axis advances together with.
std::string swept_text(const SweptParam& swept) {
  constexpr std::size_t kShownValues = 6;
  const auto values = swept.values();
  std::string text = "swept over ";
  for (std::size_t i = 0; i < values.size() && i < kShownValues; ++i)
    text += (i ? ", " : "") + to_text(values[i]);
  if (values.size() > kShownValues) text += ", ...";
  text += " (" + std::to_string(values.size()) + " values";
  const auto zipped = swept.zipped_with();
  for (std::size_t i = 0; i < zipped.size(); ++i) text += (i ? ", " : ", zipped with ") + zipped[i];
  return text + ")";
}

}  // namespace

void print_results(const ResultSet& results, std::size_t limit, std::ostream& out) {
  print_results(result_page(results, 0, limit), out);
}

void print_results(const ResultPage& page, std::ostream& out) {
  const auto& info = page.info;
  const auto counts = page_counts(page);
  out << "pipeline " << info.pipeline_name << ", created " << info.created_utc << " by assay "
      << info.assay_version << "\n"
      << page.stored_points << " of " << info.planned_points << " points stored: " << counts.ok
      << " ok, " << counts.failed << " failed, " << counts.timeout << " timeout\n";
  print_data_provenance(info, out);
  out << "\n";
  const auto& scalars = page.scalar_columns;
  Row header{"point_id", "status"};
  header.insert(header.end(), info.swept_keys.begin(), info.swept_keys.end());
  header.push_back("replicate");
  header.insert(header.end(), scalars.begin(), scalars.end());
  header.push_back("wall_s");
  const bool taken = page.points_taking_nodes > 0;
  if (taken) header.push_back("not computed here");
  header.push_back("error");
  std::vector<Row> rows{header};
  for (const auto& point : page.points) rows.push_back(point_row(point, scalars, taken));
  print_rows(rows, out);
  const auto shown = page.offset + page.points.size();
  if (page.stored_points > shown)
    out << "... " << page.stored_points - shown << " more points (--limit N shows more)\n";
  if (page.logged_points > 0)
    out << "points whose nodes logged messages: " << page.logged_points
        << " (`assay show FILE --point ID` prints a point's log)\n";
}

void print_plan(const Pipeline& pipeline, const SweepPlan& plan, std::size_t limit,
                std::ostream& out) {
  out << "pipeline " << pipeline.name << " (" << pipeline.file << "), seed " << pipeline.seed
      << ", " << plan.size() << " points\n\nnodes, in run order (each computed once per "
      << "distinct lineage; points that differ only downstream share it):\n";
  const auto distinct = distinct_lineages(pipeline, plan);
  for (std::size_t n = 0; n < pipeline.nodes.size(); ++n) {
    const auto& node = pipeline.nodes[n];
    out << "  " << node.name << " = " << node.method;
    if (!distinct.empty())
      out << "  (" << distinct[n] << " distinct of " << plan.size() << " points)";
    if (node.shared_across_replicates) out << "  [shared across replicates]";
    out << "\n";
    for (const auto& [name, setting] : node.params) {
      const auto swept = swept_param(pipeline, node.name, name);
      out << "      " << name << " = " << (swept ? swept_text(*swept) : to_text(setting.value))
          << "\n";
    }
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
