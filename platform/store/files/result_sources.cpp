#include "store/files/result_sources.hpp"

#include <algorithm>
#include <exception>
#include <string_view>

#include "pipeline/parse/source_error.hpp"
#include "store/files/part_file.hpp"
#include "store/files/result_paths.hpp"
#include "store/hdf5/group_links.hpp"
#include "store/hdf5/hdf5_files.hpp"
#include "store/layout/point_group.hpp"
#include "store/layout/run_info_io.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {
// Whatever goes wrong reading a source, the user learns which file it was.
template <class Read>
auto naming_source(const fs::path& path, Read&& read) {
  try {
    return read();
  } catch (const SourceError&) {
    throw;
  } catch (const std::exception& e) {
    throw SourceError({path.string()}, "",
                      std::string("cannot read it as an Assay result (") + e.what() + ")");
  }
}

H5File open_result(const fs::path& path) {
  H5File file = open_hdf5_file(path);
  if (!has_run_info(file.get()))
    throw SourceError({path.string()}, "", "not an Assay result file (it has no fingerprint)");
  return file;
}

// The scalar output columns of /index: those after the fixed ones that are not swept params,
// named as the points name them.
std::vector<std::string> scalar_columns(const std::vector<std::string>& columns,
                                        const std::vector<std::string>& swept_keys) {
  constexpr std::size_t kLeading = 4;  // point_id, status, replicate, seed; wall_s is last
  constexpr std::string_view kRenamed = " (output)";
  std::vector<std::string> scalars;
  for (std::size_t c = kLeading; c + 1 < columns.size(); ++c) {
    auto name = columns[c];
    if (std::find(swept_keys.begin(), swept_keys.end(), name) != swept_keys.end()) continue;
    if (name.ends_with(kRenamed)) name.resize(name.size() - kRenamed.size());
    scalars.push_back(std::move(name));
  }
  return scalars;
}

// A point id names one link under /points, never a path through it.
bool is_point_name(const std::string& id) {
  return !id.empty() && id != "." && id != ".." && id.find('/') == std::string::npos;
}

SourceIndex read_part_source_index(const fs::path& path) {
  auto part = read_part_index(path);
  SourceIndex index{std::move(part.info), {}};
  for (std::size_t i = 0; i < part.ids.size(); ++i)
    index.entries.push_back({std::move(part.ids[i]), part.statuses[i]});
  return index;
}
}  // namespace

std::vector<ResultSource> result_sources(const fs::path& file) {
  std::vector<ResultSource> sources;
  if (fs::exists(file)) sources.push_back({file, false});
  for (auto& part : committed_parts(file)) sources.push_back({std::move(part.path), true});
  return sources;
}

SourceIndex read_source_index(const ResultSource& source) {
  return naming_source(source.path, [&] {
    if (source.part) return read_part_source_index(source.path);
    const StoreTypes types;
    const H5File file = open_result(source.path);
    return SourceIndex{read_run_info(file.get(), types), read_index_entries(file.get(), types)};
  });
}

std::vector<PointResult> read_source_points(const ResultSource& source,
                                            const std::vector<std::string>& swept_keys,
                                            bool scalars_only) {
  return naming_source(source.path, [&] {
    if (source.part) {
      auto records = read_part_points(source.path);
      if (scalars_only)
        for (auto& r : records)
          std::erase_if(r.outputs, [](const NodeOutput& o) { return !o.value.is_scalar(); });
      return records;
    }
    const StoreTypes types;
    const H5File file = open_result(source.path);
    const H5Group points(H5Gopen2(file.get(), "points", H5P_DEFAULT), "open /points");
    std::vector<PointResult> records;
    for (const auto& id : link_names(points.get()))
      records.push_back(read_point_group(points.get(), id, swept_keys, types, scalars_only));
    return records;
  });
}

std::optional<ResultPage> read_source_page(const ResultSource& source, std::size_t offset,
                                           std::size_t limit) {
  return naming_source(source.path, [&]() -> std::optional<ResultPage> {
    const StoreTypes types;
    const H5File file = open_result(source.path);
    ResultPage page{read_run_info(file.get(), types)};
    auto index = read_index_summary(file.get(), types, offset, limit);
    if (!index.logged_points || !index.points_taking_nodes) return std::nullopt;
    page.stored_points = index.rows;
    page.status_counts = index.status_counts;
    page.scalar_columns = scalar_columns(index.columns, page.info.swept_keys);
    page.points_taking_nodes = *index.points_taking_nodes;
    page.logged_points = *index.logged_points;
    page.offset = offset;
    const H5Group points(H5Gopen2(file.get(), "points", H5P_DEFAULT), "open /points");
    for (const auto& id : index.page_ids)
      page.points.push_back(read_point_group(points.get(), id, page.info.swept_keys, types, true));
    return page;
  });
}

std::optional<PointResult> read_source_point(const ResultSource& source, const std::string& id) {
  return naming_source(source.path, [&]() -> std::optional<PointResult> {
    const StoreTypes types;
    const H5File file = open_result(source.path);
    const H5Group points(H5Gopen2(file.get(), "points", H5P_DEFAULT), "open /points");
    if (!is_point_name(id) ||
        h5_check(H5Lexists(points.get(), id.c_str(), H5P_DEFAULT), "look up point") <= 0)
      return std::nullopt;
    const auto swept_keys = read_run_info(file.get(), types).swept_keys;
    return read_point_group(points.get(), id, swept_keys, types, true);
  });
}

void require_fingerprint(const fs::path& source, const std::string& found,
                         const std::string& expected, const std::string& hint) {
  if (found == expected) return;
  throw SourceError({source.string()}, "fingerprint",
                    "written by another pipeline or sweep (its fingerprint is '" + found +
                        "', expected '" + expected + "')",
                    hint);
}

}  // namespace assay
