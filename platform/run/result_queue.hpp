// ResultQueue: finished points on their way from the sweep's workers to the store's single
// writer. The writer sleeps until a point arrives or one of its deadlines passes instead of
// polling: a poll every few milliseconds costs a few percent of a core, which a sweep that
// keeps every core busy (one MPI rank per core, say) pays in its own points.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>

#include "store/point_result.hpp"

namespace assay {

class ResultQueue {
 public:
  using Clock = std::chrono::steady_clock;

  explicit ResultQueue(std::size_t capacity) : capacity_(capacity) {}

  // Blocks while the queue is full, so a stalled store slows the workers instead of growing.
  void push(PointResult point);
  // The oldest point, or nothing when the deadline passes or the queue is closed and empty.
  std::optional<PointResult> pop_until(Clock::time_point deadline);
  // No more points will come; wakes the writer.
  void close();
  bool drained() const;  // closed and empty

 private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable not_empty_, not_full_;
  std::deque<PointResult> points_;
  bool closed_ = false;
};

}  // namespace assay
