#include "run/progress_line.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>

namespace assay {

namespace {
using Clock = std::chrono::steady_clock;

ProgressMode resolve(ProgressMode mode) {
  if (mode != ProgressMode::automatic) return mode;
  return isatty(STDERR_FILENO) ? ProgressMode::live : ProgressMode::plain;
}

// "m:ss", or "h:mm:ss" from an hour on.
std::string clock_text(double seconds) {
  const auto s = static_cast<long long>(seconds);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%lld:%02lld", s / 60, s % 60);
  return text;
}

// Rounded down: 100% only once a node is done.
std::string percent(double fraction) {
  return std::to_string(static_cast<int>(std::floor(100 * fraction))) + "%";
}

// "3 running, least advanced 20% (<point> <node>), mean 45%"; the mean is over the nodes that
// report, and says how many do when some running nodes do not.
std::string running_text(const RunningNodes::Sample& s) {
  std::string text = std::to_string(s.points) + " running";
  if (s.reporting == 0) return text;
  text += ", least advanced " + percent(s.least) + " (" + s.least_point + " " + s.least_node +
          "), mean " + percent(s.mean);
  if (s.reporting < s.nodes)
    text += " of the " + std::to_string(s.reporting) + " of " + std::to_string(s.nodes) +
            " running nodes that report";
  return text;
}

// A redrawn line longer than the terminal wraps, and "\r" then erases only its last row.
std::size_t terminal_columns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1) return size.ws_col - 1;
  return 200;
}
}  // namespace

std::optional<ProgressMode> progress_mode_from_name(std::string_view name) {
  if (name == "auto") return ProgressMode::automatic;
  if (name == "live") return ProgressMode::live;
  if (name == "plain") return ProgressMode::plain;
  if (name == "none") return ProgressMode::none;
  return std::nullopt;
}

ProgressLine::ProgressLine(std::size_t total, ProgressSettings settings,
                           const RunningNodes* running)
    : total_(total),
      mode_(resolve(settings.mode)),
      every_(std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(settings.every_s))),
      running_(running),
      start_(Clock::now()),
      last_draw_(start_) {}

ProgressLine::~ProgressLine() { clear(); }

std::string ProgressLine::text(std::size_t done, std::size_t failed) const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0;
  // The most telling first: a live line longer than the terminal is cut at its right end.
  std::string line = "[assay] " + std::to_string(done) + "/" + std::to_string(total_) +
                     " points done, " + std::to_string(failed) + " failed | ETA " +
                     (rate > 0 ? clock_text(static_cast<double>(total_ - done) / rate) : "?");
  if (running_) line += " | " + running_text(running_->sample());
  char tail[64];
  std::snprintf(tail, sizeof tail, " | %.1f points/s | elapsed ", rate);
  return line + tail + clock_text(elapsed);
}

void ProgressLine::draw(std::size_t done, std::size_t failed) {
  auto line = text(done, failed);
  if (mode_ == ProgressMode::live) {
    line.resize(std::min(line.size(), terminal_columns()));
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
  std::fflush(stderr);
  drawn_ = true;
  last_draw_ = Clock::now();
}

void ProgressLine::update(std::size_t done, std::size_t failed) {
  if (mode_ == ProgressMode::none) return;
  const auto since = Clock::now() - last_draw_;
  const bool due = mode_ == ProgressMode::live
                       ? !drawn_ || since >= std::chrono::milliseconds(200) || done == total_
                       : since >= every_;
  if (due) draw(done, failed);
}

void ProgressLine::clear() {
  if (mode_ != ProgressMode::live || !drawn_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  drawn_ = false;
}

void ProgressLine::finish(std::size_t done, std::size_t failed) {
  if (mode_ == ProgressMode::plain) draw(done, failed);
  clear();
}

}  // namespace assay
