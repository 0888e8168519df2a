// run_distributed: one sweep over the ranks of an MPI job.
//
// Rank 0 deals plan indices on demand, in plan order and skipping points an earlier run
// finished, so ranks that draw slow points simply ask less often. Every rank (rank 0 too) runs
// its points with run_sweep on its own oneTBB arena into its own shard <out>.rank<k>.h5; its
// main thread is the only one calling MPI and passes indices to the sweep through a
// PointMailbox. At the end rank 0 joins the shards into <out> (merge_results), which then
// equals a single-process run point by point. A killed run leaves shards whose committed
// points the next --resume keeps.
#pragma once

#include <atomic>
#include <filesystem>

#include "mpi/mpi_session.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "run/point_executor.hpp"
#include "run/sweep_runner.hpp"
#include "store/result_store.hpp"

namespace assay {

struct DistributedRun {
  const SweepPlan& plan;
  const PointExecutor& executor;
  std::filesystem::path out;
  RunInfo info;  // of this rank's shard; the rank is added to its provenance
  bool resume = false;
  RunOptions options;  // jobs is per rank (0: this host's cores shared among its ranks)
};

// On rank 0 the counts of the whole run; on the other ranks those of the rank's own points.
RunCounts run_distributed(const MpiSession& mpi, const DistributedRun& run,
                          const std::atomic<bool>& interrupt);

}  // namespace assay
