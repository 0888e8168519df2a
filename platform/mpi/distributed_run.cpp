#include "mpi/distributed_run.hpp"

#include <mpi.h>
#include <tbb/info.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_set>

#include "mpi/point_mailbox.hpp"
#include "mpi/rank_shards.hpp"
#include "pipeline/parse/source_error.hpp"
#include "store/files/result_paths.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {

constexpr int kRequestTag = 1;  // rank k -> 0: give me a point
constexpr int kPointTag = 2;    // 0 -> rank k: a plan index, or -1 for none left
constexpr int kReportTag = 3;   // rank k -> 0: its counts, once its shard is finished
constexpr int kReportSize = 3;  // ok, failed, timeout

// Idle polling instead of blocking MPI calls: OpenMPI spins in blocking calls, which would take
// a core from the rank's own sweep. Each poll costs CPU too (OpenMPI's progress engine), so
// the pause doubles while nothing happens, up to 2 ms: a point waits at most that long for its
// index, and an idle rank polls 500 times a second instead of thousands.
class IdleBackoff {
 public:
  void pause() {
    std::this_thread::sleep_for(pause_);
    pause_ = std::min(2 * pause_, std::chrono::microseconds(2000));
  }
  void reset() { pause_ = std::chrono::microseconds(50); }

 private:
  std::chrono::microseconds pause_{50};
};

// Rank 0's part of the points: plan order, without the ones an earlier run finished.
class PointDealer {
 public:
  PointDealer(const SweepPlan& plan, std::unordered_set<std::string> done,
              const std::atomic<bool>& interrupt)
      : plan_(plan), done_(std::move(done)), interrupt_(interrupt) {}

  std::optional<std::size_t> next() {
    for (; next_ < plan_.size() && !interrupt_.load(); ++next_)
      if (!done_.count(plan_.point(next_).id)) return next_++;
    return std::nullopt;
  }
  std::size_t already_done() const { return done_.size(); }

 private:
  const SweepPlan& plan_;
  std::unordered_set<std::string> done_;
  const std::atomic<bool>& interrupt_;
  std::size_t next_ = 0;
};

bool has_result(const fs::path& file) { return fs::exists(file) || fs::exists(parts_dir(file)); }

// Rank 0, before any rank opens its shard: a new run refuses to overwrite anything; a resumed
// one first joins what a killed run left, then reads which points are done.
std::unordered_set<std::string> prepare_output(const fs::path& out, bool resume) {
  if (!resume) {
    if (has_result(out) || !rank_shards(out).empty())
      throw SourceError({out.string()}, "", "a result or its shards already exist here",
                        "pass --resume to finish it, or choose another --out");
    return {};
  }
  join_rank_shards(out);
  std::unordered_set<std::string> done;
  if (has_result(out))
    for (const auto& point : read_result_summaries(out).points)
      if (point.status == PointStatus::ok) done.insert(point.id);
  return done;
}

// Every rank learns whether rank 0 could prepare the output; rank 0 rethrows its own error.
std::unordered_set<std::string> agree_on_start(const MpiSession& mpi, const DistributedRun& run) {
  std::unordered_set<std::string> done;
  std::exception_ptr failure;
  if (mpi.rank() == 0) {
    try {
      done = prepare_output(run.out, run.resume);
    } catch (...) {
      failure = std::current_exception();
    }
  }
  int ok = failure ? 0 : 1;
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (failure) std::rethrow_exception(failure);
  if (!ok) throw std::runtime_error("rank 0 could not start the run (its message says why)");
  return done;
}

std::size_t jobs_per_rank(const MpiSession& mpi, std::size_t requested) {
  if (requested) return requested;
  // A launcher that binds ranks to cores has already divided them; otherwise share the host.
  const auto cores = static_cast<std::size_t>(tbb::info::default_concurrency());
  const auto ranks = static_cast<std::size_t>(mpi.ranks_on_this_host());
  if (cores < std::thread::hardware_concurrency() || ranks <= 1) return cores;
  return std::max<std::size_t>(1, cores / ranks);
}

// This rank's sweep on its own thread, fed by the mailbox; the main thread stays free for MPI.
class RankSweep {
 public:
  RankSweep(const MpiSession& mpi, const DistributedRun& run, const std::atomic<bool>& interrupt)
      : writer_(rank_shard_path(run.out, mpi.rank()), shard_info(mpi, run.info), false) {
    auto options = run.options;
    options.jobs = jobs_per_rank(mpi, options.jobs);
    options.points_in_flight = options.jobs;     // ask for a point only when a worker is free
    options.progress.mode = ProgressMode::none;  // a rank sees only its own points
    options.next_point = [this] { return mailbox_.request(); };
    thread_ = std::thread([this, &run, &interrupt, options] {
      try {
        counts_ = run_sweep(run.plan, run.executor, writer_, options, interrupt);
        writer_.finish();
      } catch (...) {
        failure_ = std::current_exception();
      }
      finished_ = true;
      mailbox_.close();
    });
  }
  ~RankSweep() {
    if (thread_.joinable()) thread_.join();
  }

  PointMailbox& mailbox() { return mailbox_; }
  bool finished() const { return finished_.load(); }
  // After finished(): the counts, or the store failure rethrown.
  const RunCounts& counts() {
    if (thread_.joinable()) thread_.join();
    if (failure_) std::rethrow_exception(failure_);
    return counts_;
  }

 private:
  static RunInfo shard_info(const MpiSession& mpi, RunInfo info) {
    info.provenance["mpi_rank"] = std::to_string(mpi.rank());
    info.provenance["mpi_ranks"] = std::to_string(mpi.size());
    return info;
  }

  ResultWriter writer_;
  PointMailbox mailbox_;
  RunCounts counts_;
  std::exception_ptr failure_;
  std::atomic<bool> finished_{false};
  std::thread thread_;
};

void add_counts(RunCounts& total, const long long* report) {
  total.ok += report[0];
  total.failed += report[1];
  total.timeout += report[2];
}

void send_point(int rank, std::optional<std::size_t> index) {
  long long value = index ? static_cast<long long>(*index) : -1;
  MPI_Send(&value, 1, MPI_LONG_LONG, rank, kPointTag, MPI_COMM_WORLD);
}

// Rank 0: deals points to its own sweep and to the other ranks until every rank has reported.
RunCounts coordinate(const MpiSession& mpi, const DistributedRun& run, PointDealer& dealer,
                     RankSweep& sweep) {
  RunCounts total;
  IdleBackoff idle;
  for (int running = mpi.size() - 1; running > 0 || !sweep.finished();) {
    bool busy = false;
    if (sweep.mailbox().asking()) sweep.mailbox().answer(dealer.next()), busy = true;
    int message = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &message, &status);
    if (message && status.MPI_TAG == kRequestTag) {
      int ignored = 0;
      MPI_Recv(&ignored, 1, MPI_INT, status.MPI_SOURCE, kRequestTag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      send_point(status.MPI_SOURCE, dealer.next());
    } else if (message && status.MPI_TAG == kReportTag) {
      long long report[kReportSize];
      MPI_Recv(report, kReportSize, MPI_LONG_LONG, status.MPI_SOURCE, kReportTag, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      add_counts(total, report);
      --running;
    }
    if (busy || message)
      idle.reset();
    else
      idle.pause();
  }
  const auto& own = sweep.counts();
  total.ok += own.ok, total.failed += own.failed, total.timeout += own.timeout;
  join_rank_shards(run.out);
  total.planned = run.plan.size();
  total.skipped = dealer.already_done();
  total.interrupted = total.planned - total.skipped - total.ok - total.failed - total.timeout;
  return total;
}

// Ranks 1..N-1: one request to rank 0 for the sweep's next point.
std::optional<std::size_t> ask_rank_zero() {
  int nothing = 0;
  MPI_Send(&nothing, 1, MPI_INT, 0, kRequestTag, MPI_COMM_WORLD);
  long long reply = 0;
  MPI_Request pending;
  MPI_Irecv(&reply, 1, MPI_LONG_LONG, 0, kPointTag, MPI_COMM_WORLD, &pending);
  IdleBackoff idle;
  for (int arrived = 0; MPI_Test(&pending, &arrived, MPI_STATUS_IGNORE), !arrived;) idle.pause();
  if (reply < 0) return std::nullopt;
  return static_cast<std::size_t>(reply);
}

// Ranks 1..N-1: sleep until the sweep asks, forward each request to rank 0, then report. The
// main thread needs no MPI while the sweep computes, so it waits on the mailbox, not on MPI.
RunCounts serve(RankSweep& sweep) {
  while (sweep.mailbox().wait_for_request()) sweep.mailbox().answer(ask_rank_zero());
  const auto counts = sweep.counts();
  long long report[kReportSize] = {static_cast<long long>(counts.ok),
                                   static_cast<long long>(counts.failed),
                                   static_cast<long long>(counts.timeout)};
  MPI_Send(report, kReportSize, MPI_LONG_LONG, 0, kReportTag, MPI_COMM_WORLD);
  return counts;
}

// After the start, a rank that fails cannot leave the others waiting for it: the whole job
// stops, and the shards keep every committed point for --resume.
[[noreturn]] void abort_job(const MpiSession& mpi, const std::exception& e) {
  std::fprintf(stderr,
               "assay: error on rank %d: %s\nassay: committed points are kept; finish with "
               "--resume\n",
               mpi.rank(), e.what());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();
}

}  // namespace

RunCounts run_distributed(const MpiSession& mpi, const DistributedRun& run,
                          const std::atomic<bool>& interrupt) {
  auto done = agree_on_start(mpi, run);
  try {
    if (mpi.rank() != 0) {
      RankSweep sweep(mpi, run, interrupt);
      return serve(sweep);
    }
    PointDealer dealer(run.plan, std::move(done), interrupt);
    RankSweep sweep(mpi, run, interrupt);
    return coordinate(mpi, run, dealer, sweep);
  } catch (const std::exception& e) {
    abort_job(mpi, e);
  }
}

}  // namespace assay
