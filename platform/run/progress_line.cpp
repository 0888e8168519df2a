#include "run/progress_line.hpp"

#include <unistd.h>

#include <cstdio>

namespace assay {

ProgressLine::ProgressLine(std::size_t total, bool quiet)
    : total_(total),
      enabled_(!quiet && isatty(STDERR_FILENO)),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::update(std::size_t done, std::size_t failed) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(200) && done < total_) return;
  last_draw_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
  std::fprintf(stderr,
               "\r\033[K[assay] %zu/%zu points done, %zu failed | %.1f points/s | ETA %d:%02d",
               done, total_, failed, rate, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressLine::clear() {
  if (!drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace assay
