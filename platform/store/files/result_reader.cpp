// read_results: a result file and its parts, read as one result.
#include <algorithm>
#include <iterator>
#include <map>

#include "pipeline/parse/source_error.hpp"
#include "store/files/record_precedence.hpp"
#include "store/files/result_paths.hpp"
#include "store/files/result_sources.hpp"
#include "store/hdf5/hdf5_lock.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {
[[noreturn]] void refuse_missing(const fs::path& file) {
  if (fs::exists(parts_dir(file)))
    throw SourceError({file.string()}, "", "the run has committed no points yet");
  throw SourceError(
      {file.string()}, "",
      "no such result (neither the file nor " + parts_dir(file).string() + " exists)");
}

// Every source belongs to the newest one's run, or to a sweep that run grew.
void require_one_run(const std::vector<ResultSource>& sources,
                     const std::vector<SourceIndex>& indexes) {
  const auto& newest = indexes.back().info;
  for (std::size_t i = 0; i + 1 < sources.size(); ++i) {
    const auto& found = indexes[i].info.fingerprint;
    if (std::find(newest.grown_from.begin(), newest.grown_from.end(), found) ==
        newest.grown_from.end())
      require_fingerprint(sources[i].path, found, newest.fingerprint,
                          "it belongs to another run; move it away");
  }
}

ResultSet read_sources(const std::vector<ResultSource>& sources, bool scalars_only) {
  std::vector<SourceIndex> indexes;
  for (const auto& source : sources) indexes.push_back(read_source_index(source));
  require_one_run(sources, indexes);
  ResultSet result;
  std::map<std::string, PointResult> points;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    for (auto& point : read_source_points(sources[i], indexes[i].info.swept_keys, scalars_only)) {
      const auto [it, added] = points.try_emplace(std::string(point.id), std::move(point));
      if (!added && replaces(it->second.status, point.status)) it->second = std::move(point);
    }
  }
  // The newest description counts: it is what finish() writes into the consolidated file.
  result.info = std::move(indexes.back().info);
  result.points.reserve(points.size());
  for (auto& [id, point] : points) result.points.push_back(std::move(point));
  std::stable_sort(result.points.begin(), result.points.end(),
                   [](const auto& a, const auto& b) { return a.sweep_index < b.sweep_index; });
  return result;
}

ResultSet read(const std::vector<fs::path>& files, bool scalars_only) {
  const auto lock = lock_hdf5();
  // A writer in another process may finish while we read: it renames the consolidated file
  // into place, then removes the parts. A source that vanished under us means: read again.
  for (int attempt = 0;; ++attempt) {
    std::vector<ResultSource> sources;
    for (const auto& file : files) {
      auto found = result_sources(file);
      if (found.empty()) refuse_missing(file);
      std::move(found.begin(), found.end(), std::back_inserter(sources));
    }
    try {
      return read_sources(sources, scalars_only);
    } catch (const SourceError&) {
      const bool vanished = std::any_of(sources.begin(), sources.end(),
                                        [](const auto& s) { return !fs::exists(s.path); });
      if (!vanished || attempt == 2) throw;
    }
  }
}
}  // namespace

ResultSet read_results(const fs::path& file) { return read({file}, false); }

ResultSet read_results(const std::vector<fs::path>& files) { return read(files, false); }

std::vector<RunInfo> read_run_infos(const fs::path& file) {
  const auto lock = lock_hdf5();
  std::vector<RunInfo> infos;
  for (const auto& source : result_sources(file)) {
    auto info = read_source_index(source).info;
    const auto same = [&](const RunInfo& i) { return i.fingerprint == info.fingerprint; };
    if (std::none_of(infos.begin(), infos.end(), same)) infos.push_back(std::move(info));
  }
  return infos;
}

bool is_consolidated(const fs::path& file) {
  const auto sources = result_sources(file);
  return sources.size() == 1 && !sources.front().part;
}

std::optional<ResultPage> read_result_page(const fs::path& file, std::size_t offset,
                                           std::size_t limit) {
  const auto lock = lock_hdf5();
  return read_source_page({file, false}, offset, limit);
}

std::optional<PointResult> read_stored_point(const fs::path& file, const std::string& id) {
  const auto lock = lock_hdf5();
  return read_source_point({file, false}, id);
}

ResultSet read_result_summaries(const fs::path& file) { return read({file}, true); }

}  // namespace assay
