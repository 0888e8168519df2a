// PointMailbox: how a rank's sweep (on oneTBB threads) asks its main thread, the only one that
// calls MPI, for the next point. The sweep blocks in request() until the main thread answers.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>

namespace assay {

class PointMailbox {
 public:
  // Sweep side: the plan index of the next point, or nothing when no point is left.
  std::optional<std::size_t> request();
  // Sweep side, when it has ended: no request will follow.
  void close();

  // Main-thread side.
  bool asking() const;
  // Blocks until the sweep asks (true) or has closed the mailbox (false).
  bool wait_for_request();
  void answer(std::optional<std::size_t> index);

 private:
  // With mutex_ held: the sweep waits for an answer it has not been given yet.
  bool unanswered() const { return asking_ && !has_answer_; }

  mutable std::mutex mutex_;
  std::condition_variable answered_, asked_;
  bool asking_ = false;
  bool closed_ = false;
  bool has_answer_ = false;
  std::optional<std::size_t> answer_;
};

}  // namespace assay
