// The shards of an MPI run beside its result: <out>.rank<k>.h5, each a normal result file (or
// only its parts, if the rank was killed). Rank 0 joins them into <out> at the end of a run;
// when the run was killed, the next --resume (with any number of processes) joins them first.
#pragma once

#include <filesystem>
#include <vector>

namespace assay {

std::filesystem::path rank_shard_path(const std::filesystem::path& out, int rank);

// The rank shards of `out` found on disk (files, parts folders or staging files), in rank order.
std::vector<std::filesystem::path> rank_shards(const std::filesystem::path& out);

// Merges `out` (if it holds a result) and its rank shards into `out`, then removes the shards and
// the parts of `out`, now all in `out`. Does nothing when there is no shard.
void join_rank_shards(const std::filesystem::path& out);

}  // namespace assay
