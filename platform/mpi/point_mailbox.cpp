#include "mpi/point_mailbox.hpp"

namespace assay {

std::optional<std::size_t> PointMailbox::request() {
  std::unique_lock lock(mutex_);
  asking_ = true;
  asked_.notify_one();
  answered_.wait(lock, [&] { return has_answer_; });
  has_answer_ = asking_ = false;
  return answer_;
}

void PointMailbox::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
  }
  asked_.notify_one();
}

bool PointMailbox::wait_for_request() {
  std::unique_lock lock(mutex_);
  asked_.wait(lock, [&] { return unanswered() || closed_; });
  return unanswered();
}

bool PointMailbox::asking() const {
  std::lock_guard lock(mutex_);
  return unanswered();
}

void PointMailbox::answer(std::optional<std::size_t> index) {
  {
    std::lock_guard lock(mutex_);
    answer_ = index;
    has_answer_ = true;
  }
  answered_.notify_one();
}

}  // namespace assay
