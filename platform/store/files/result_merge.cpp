// merge_results: shards of one sweep (each a result file, possibly with parts) joined into one
// result, equal point by point to a single-process run of the sweep.
#include <algorithm>

#include "assay/error.hpp"
#include "pipeline/parse/source_error.hpp"
#include "store/files/consolidation.hpp"
#include "store/files/result_paths.hpp"
#include "store/hdf5/hdf5_lock.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {
struct Shard {
  fs::path path;
  std::vector<ResultSource> sources;
  std::vector<SourceIndex> indexes;
};

// Shards named twice (or by two spellings of one path) are merged once.
std::vector<fs::path> distinct(const std::vector<fs::path>& paths) {
  std::vector<fs::path> unique, canonical;
  for (const auto& p : paths) {
    const auto c = fs::weakly_canonical(p);
    if (std::find(canonical.begin(), canonical.end(), c) != canonical.end()) continue;
    canonical.push_back(c);
    unique.push_back(p);
  }
  return unique;
}

Shard read_shard(const fs::path& path) {
  Shard shard{path, result_sources(path), {}};
  if (shard.sources.empty())
    throw SourceError(
        {path.string()}, "",
        "no such result (neither the file nor " + parts_dir(path).string() + " exists)");
  for (const auto& source : shard.sources) shard.indexes.push_back(read_source_index(source));
  return shard;
}

// Every file of every shard must come from the sweep of the first shard's file.
void require_one_sweep(const std::vector<Shard>& shards) {
  const auto& expected = shards.front().indexes.front().info.fingerprint;
  for (const auto& shard : shards)
    for (std::size_t i = 0; i < shard.sources.size(); ++i)
      require_fingerprint(shard.sources[i].path, shard.indexes[i].info.fingerprint, expected,
                          "merge only shards of one sweep");
}

// The description of the merged run: the first shard's, listing every shard's provenance (a
// merged shard contributes the shards it lists).
RunInfo merged_info(const std::vector<Shard>& shards) {
  RunInfo info = shards.front().indexes.back().info;
  info.shards.clear();
  for (const auto& shard : shards) {
    const auto& shard_info = shard.indexes.back().info;
    if (!shard_info.shards.empty()) {
      info.shards.insert(info.shards.end(), shard_info.shards.begin(), shard_info.shards.end());
      continue;
    }
    auto provenance = shard_info.provenance;
    provenance["file"] = shard.path.string();
    info.shards.push_back(std::move(provenance));
  }
  return info;
}

void refuse_overwrite(const fs::path& out, const std::vector<fs::path>& shards) {
  if (!fs::exists(out)) return;
  const auto c = fs::weakly_canonical(out);
  for (const auto& s : shards)
    if (fs::weakly_canonical(s) == c) return;  // re-merging into one of the inputs is fine
  throw SourceError({out.string()}, "", "the output file already exists",
                    "choose another output file or remove it");
}
}  // namespace

void merge_results(const fs::path& out, const std::vector<fs::path>& shard_paths) {
  if (shard_paths.empty()) throw Error("merge: no shards to merge");
  const auto lock = lock_hdf5();
  const auto paths = distinct(shard_paths);
  refuse_overwrite(out, paths);
  std::vector<Shard> shards;
  for (const auto& path : paths) shards.push_back(read_shard(path));
  require_one_sweep(shards);
  std::vector<ResultSource> sources;
  std::vector<SourceIndex> indexes;
  for (auto& shard : shards) {
    sources.insert(sources.end(), shard.sources.begin(), shard.sources.end());
    indexes.insert(indexes.end(), shard.indexes.begin(), shard.indexes.end());
  }
  ResultFileBuilder builder(out, merged_info(shards));
  add_winning_records(builder, sources, indexes);
  builder.publish();
}

}  // namespace assay
