// ProgressLine: one live line on a terminal with points done, failed, rate and ETA. Silent
// when stderr is not a terminal or when asked to be quiet.
#pragma once

#include <chrono>
#include <cstddef>

namespace assay {

class ProgressLine {
 public:
  ProgressLine(std::size_t total, bool quiet);
  ~ProgressLine();

  // Redraws at most a few times a second; cheap to call often.
  void update(std::size_t done, std::size_t failed);
  void clear();  // erase the line before other output or at the end

 private:
  std::size_t total_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace assay
