#include "mpi/point_mailbox.hpp"

namespace assay {

std::optional<std::size_t> PointMailbox::request() {
  std::unique_lock lock(mutex_);
  asking_ = true;
  answered_.wait(lock, [&] { return has_answer_; });
  has_answer_ = asking_ = false;
  return answer_;
}

bool PointMailbox::asking() const {
  std::lock_guard lock(mutex_);
  return asking_ && !has_answer_;
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
