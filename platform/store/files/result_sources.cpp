#include "store/files/result_sources.hpp"

#include <exception>

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

void require_fingerprint(const fs::path& source, const std::string& found,
                         const std::string& expected, const std::string& hint) {
  if (found == expected) return;
  throw SourceError({source.string()}, "fingerprint",
                    "written by another pipeline or sweep (its fingerprint is '" + found +
                        "', expected '" + expected + "')",
                    hint);
}

}  // namespace assay
