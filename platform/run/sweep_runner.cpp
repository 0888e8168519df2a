#include "run/sweep_runner.hpp"

#include <tbb/flow_graph.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include "run/progress_line.hpp"
#include "run/result_queue.hpp"

namespace assay {

namespace {

using Clock = std::chrono::steady_clock;

// The single writer: owns every HDF5 call of the run and draws the progress line, so the
// line counts only committed points (the ones a kill cannot lose); it samples the running
// nodes on every wake, so the line moves while long points run.
class StoreWriterThread {
 public:
  StoreWriterThread(ResultWriter& writer, const RunOptions& options, std::size_t total,
                    const std::atomic<bool>& interrupt, std::atomic<bool>& stop)
      : writer_(writer),
        options_(options),
        progress_(total, options.progress, &running_),
        interrupt_(interrupt),
        stop_(stop),
        thread_([this] { loop(); }) {}

  // On an exception out of the graph the thread still has to end before it is destroyed.
  ~StoreWriterThread() {
    queue_.close();
    if (thread_.joinable()) thread_.join();
  }

  void push(PointResult result) { queue_.push(std::move(result)); }

  // Waits for the queue to drain and the last commit; rethrows a store failure.
  void close() {
    queue_.close();
    if (thread_.joinable()) thread_.join();
    progress_.finish(committed_, failed_);
    if (failure_) std::rethrow_exception(failure_);
  }

  std::mutex& output_mutex() { return output_mutex_; }
  ProgressLine& progress() { return progress_; }
  RunningNodes& running() { return running_; }

 private:
  // After a store failure the loop keeps draining the queue, so producers never block.
  void loop() {
    auto last_commit = Clock::now();
    while (!queue_.drained()) {
      if (interrupt_.load()) stop_ = true;
      if (auto point = queue_.pop_until(wake_time(last_commit)); point && !failure_)
        add(std::move(*point));
      const auto since = std::chrono::duration<double>(Clock::now() - last_commit).count();
      const bool due = writer_.pending() >= options_.commit_points ||
                       (writer_.pending() > 0 && since >= options_.commit_seconds);
      if (due && !failure_) commit(), last_commit = Clock::now();
      std::lock_guard lock(output_mutex_);
      progress_.update(committed_, failed_);
    }
    if (!failure_) commit();
  }

  // The interrupt flag is set by a signal handler, which cannot wake the queue: look at it
  // every 50 ms, and wake in time for a commit that is due by age.
  Clock::time_point wake_time(Clock::time_point last_commit) const {
    auto wake = Clock::now() + std::chrono::milliseconds(50);
    if (writer_.pending() > 0)
      wake =
          std::min(wake, last_commit + std::chrono::duration_cast<Clock::duration>(
                                           std::chrono::duration<double>(options_.commit_seconds)));
    return wake;
  }

  void add(PointResult point) {
    failed_ += point.status != PointStatus::ok;
    writer_.add(std::move(point));
  }

  void commit() {
    try {
      const auto batch = writer_.pending();
      writer_.commit();
      committed_ += batch;
    } catch (...) {
      failure_ = std::current_exception();
      stop_ = true;
    }
  }

  ResultWriter& writer_;
  const RunOptions& options_;
  RunningNodes running_;
  ProgressLine progress_;
  const std::atomic<bool>& interrupt_;
  std::atomic<bool>& stop_;
  ResultQueue queue_{4096};
  std::size_t committed_ = 0, failed_ = 0;
  std::exception_ptr failure_;
  std::mutex output_mutex_;
  std::thread thread_;
};

}  // namespace

RunCounts run_sweep(const SweepPlan& plan, const PointExecutor& executor, ResultWriter& writer,
                    const RunOptions& options, const std::atomic<bool>& interrupt) {
  const std::size_t jobs = options.jobs ? options.jobs : tbb::info::default_concurrency();
  RunCounts counts;
  for (std::size_t i = options.shard_index; i < plan.size(); i += options.shard_count)
    ++counts.planned;

  std::atomic<bool> stop{false};
  StoreWriterThread store(writer, options, counts.planned, interrupt, stop);
  PointLimits limits{options.timeout_s, &stop,
                     [&](std::string_view message) {
                       std::lock_guard lock(store.output_mutex());
                       store.progress().clear();
                       std::fprintf(stderr, "%.*s\n", static_cast<int>(message.size()),
                                    message.data());
                     },
                     &store.running()};

  std::size_t next_in_shard = options.shard_index;
  std::function<std::optional<std::size_t>()> next_index = options.next_point;
  if (!next_index)
    next_index = [&]() -> std::optional<std::size_t> {
      if (next_in_shard >= plan.size()) return std::nullopt;
      return std::exchange(next_in_shard, next_in_shard + options.shard_count);
    };
  std::size_t yielded = 0;
  tbb::task_arena arena(static_cast<int>(jobs));
  arena.execute([&] {
    tbb::flow::graph graph;
    tbb::flow::input_node<PlannedPoint> source(graph, [&](tbb::flow_control& control) {
      while (!stop.load()) {
        const auto index = next_index();
        if (!index) break;
        ++yielded;
        auto point = plan.point(*index);
        if (writer.done().count(point.id)) {
          ++counts.skipped;
          continue;
        }
        return point;
      }
      control.stop();
      return PlannedPoint{};
    });
    tbb::flow::limiter_node<PlannedPoint> limiter(
        graph, options.points_in_flight ? options.points_in_flight : 2 * jobs + 2);
    tbb::flow::function_node<PlannedPoint, PointOutcome> execute(
        graph, tbb::flow::unlimited,
        [&](const PlannedPoint& point) { return executor.run(point, limits); });
    tbb::flow::function_node<PointOutcome, tbb::flow::continue_msg> sink(
        graph, tbb::flow::serial, [&](PointOutcome outcome) {
          auto& r = outcome.result;
          if (!outcome.interrupted) {
            ++(r.status == PointStatus::ok        ? counts.ok
               : r.status == PointStatus::timeout ? counts.timeout
                                                  : counts.failed);
            store.push(std::move(r));
          }
          return tbb::flow::continue_msg();
        });
    tbb::flow::make_edge(source, limiter);
    tbb::flow::make_edge(limiter, execute);
    tbb::flow::make_edge(execute, sink);
    tbb::flow::make_edge(sink, limiter.decrementer());
    source.activate();
    graph.wait_for_all();
  });
  store.close();
  if (options.next_point) counts.planned = yielded;
  counts.interrupted = counts.planned - counts.skipped - counts.ok - counts.failed - counts.timeout;
  return counts;
}

}  // namespace assay
