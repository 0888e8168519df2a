#include "run/result_queue.hpp"

#include <utility>

namespace assay {

void ResultQueue::push(PointResult point) {
  {
    std::unique_lock lock(mutex_);
    not_full_.wait(lock, [&] { return points_.size() < capacity_; });
    points_.push_back(std::move(point));
  }
  not_empty_.notify_one();
}

std::optional<PointResult> ResultQueue::pop_until(Clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  if (!not_empty_.wait_until(lock, deadline, [&] { return !points_.empty() || closed_; }) ||
      points_.empty())
    return std::nullopt;
  auto point = std::move(points_.front());
  points_.pop_front();
  lock.unlock();
  not_full_.notify_one();
  return point;
}

void ResultQueue::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  not_empty_.notify_all();
}

bool ResultQueue::drained() const {
  std::lock_guard lock(mutex_);
  return closed_ && points_.empty();
}

}  // namespace assay
