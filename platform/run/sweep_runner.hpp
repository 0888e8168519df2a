// run_sweep: runs the points of a plan on a oneTBB flow graph and hands finished points to
// the result store's single writer thread.
//
//   source (plan order, skipping done points) -> limiter (bounded points in flight)
//     -> executor (parallel, up to --jobs) -> sink (serial) -> bounded queue -> writer thread
//
// The limiter keeps memory bounded on 100,000-point sweeps; the writer commits a batch every
// `commit_points` points or `commit_seconds`, whichever comes first.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>

#include "pipeline/plan/sweep_plan.hpp"
#include "run/point_executor.hpp"
#include "run/progress_line.hpp"
#include "store/result_store.hpp"

namespace assay {

struct RunOptions {
  std::size_t jobs = 0;  // 0: all cores
  std::optional<double> timeout_s;
  ProgressSettings progress;
  std::size_t commit_points = 1000;
  double commit_seconds = 0.5;
  std::size_t shard_index = 0;  // run the points whose plan index % shard_count == shard_index
  std::size_t shard_count = 1;
  // When set, replaces the shard walk: yields the plan index of the next point to run, or
  // nothing when there is none left (an MPI coordinator hands points out this way). It is
  // called from one thread at a time, only when a worker can take the point.
  std::function<std::optional<std::size_t>()> next_point;
  std::size_t points_in_flight = 0;  // 0: 2 * jobs + 2
};

struct RunCounts {
  std::size_t planned = 0;  // points of this shard (with next_point: the points yielded)
  std::size_t skipped = 0;  // already ok in the result (--resume)
  std::size_t ok = 0;
  std::size_t failed = 0;
  std::size_t timeout = 0;
  std::size_t interrupted = 0;  // not run or stopped by Ctrl-C; --resume runs them
};

RunCounts run_sweep(const SweepPlan& plan, const PointExecutor& executor, ResultWriter& writer,
                    const RunOptions& options, const std::atomic<bool>& interrupt);

}  // namespace assay
