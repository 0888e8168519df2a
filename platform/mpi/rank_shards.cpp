#include "mpi/rank_shards.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <string>

#include "store/files/result_paths.hpp"
#include "store/files/result_sources.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {

// The rank of a file named <out>.rank<k>.h5[.parts|.staging], if it is one.
std::optional<int> rank_of(const std::string& name, const std::string& prefix) {
  if (name.rfind(prefix, 0) != 0) return std::nullopt;
  std::size_t digits = prefix.size();
  while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[digits]))) ++digits;
  if (digits == prefix.size()) return std::nullopt;
  const auto rest = name.substr(digits);
  if (rest != ".h5" && rest != ".h5.parts" && rest != ".h5.staging") return std::nullopt;
  return std::stoi(name.substr(prefix.size(), digits - prefix.size()));
}

void remove_result(const fs::path& file) {
  fs::remove(file);
  fs::remove_all(parts_dir(file));
  fs::remove(staging_path(file));
}

}  // namespace

fs::path rank_shard_path(const fs::path& out, int rank) {
  return fs::path(out.string() + ".rank" + std::to_string(rank) + ".h5");
}

std::vector<fs::path> rank_shards(const fs::path& out) {
  const auto folder = out.has_parent_path() ? out.parent_path() : fs::path(".");
  const auto prefix = out.filename().string() + ".rank";
  std::map<int, fs::path> found;
  if (!fs::is_directory(folder)) return {};
  for (const auto& entry : fs::directory_iterator(folder))
    if (const auto rank = rank_of(entry.path().filename().string(), prefix))
      found.emplace(*rank, rank_shard_path(out, *rank));
  std::vector<fs::path> shards;
  for (auto& [rank, path] : found) shards.push_back(std::move(path));
  return shards;
}

void join_rank_shards(const fs::path& out) {
  const auto shards = rank_shards(out);
  if (shards.empty()) return;
  // A shard whose rank died before its first commit holds nothing to merge.
  std::vector<fs::path> sources;
  for (const auto& shard : shards)
    if (!result_sources(shard).empty()) sources.push_back(shard);
  if (!result_sources(out).empty()) sources.push_back(out);
  if (!sources.empty()) merge_results(out, sources);
  // Only now: a kill before this point leaves every record in a shard or in `out`.
  for (const auto& shard : shards) remove_result(shard);
  fs::remove_all(parts_dir(out));
}

}  // namespace assay
