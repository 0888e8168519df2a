#include "cli/result_page.hpp"

#include <algorithm>
#include <iterator>

#include "store/layout/index_table.hpp"

namespace assay {

namespace {
// Scalar outputs in order of first appearance, as /index orders its columns.
std::vector<std::string> scalar_columns(const std::vector<PointResult>& points) {
  std::vector<std::string> columns;
  for (const auto& p : points)
    for (const auto& o : p.outputs) {
      const auto name = o.node + "." + o.port;
      if (o.value.is_scalar() && std::find(columns.begin(), columns.end(), name) == columns.end())
        columns.push_back(name);
    }
  return columns;
}
}  // namespace

ResultPage result_page(ResultSet results, std::size_t offset, std::size_t limit) {
  auto& all = results.points;
  ResultPage page{std::move(results.info)};
  page.stored_points = all.size();
  for (const auto& p : all) ++page.status_counts[static_cast<std::size_t>(p.status)];
  page.scalar_columns = scalar_columns(all);
  page.points_taking_nodes = std::count_if(all.begin(), all.end(), takes_nodes);
  page.logged_points =
      std::count_if(all.begin(), all.end(), [](const PointResult& p) { return !p.log.empty(); });
  page.offset = std::min(offset, all.size());
  const auto first = all.begin() + static_cast<std::ptrdiff_t>(page.offset);
  const auto last = first + static_cast<std::ptrdiff_t>(std::min(limit, all.size() - page.offset));
  page.points.assign(std::make_move_iterator(first), std::make_move_iterator(last));
  return page;
}

StatusCounts page_counts(const ResultPage& page) {
  const auto& c = page.status_counts;
  return {c[static_cast<std::size_t>(PointStatus::ok)],
          c[static_cast<std::size_t>(PointStatus::failed)],
          c[static_cast<std::size_t>(PointStatus::timeout)]};
}

}  // namespace assay
