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

  // Main-thread side.
  bool asking() const;
  void answer(std::optional<std::size_t> index);

 private:
  mutable std::mutex mutex_;
  std::condition_variable answered_;
  bool asking_ = false;
  bool has_answer_ = false;
  std::optional<std::size_t> answer_;
};

}  // namespace assay
