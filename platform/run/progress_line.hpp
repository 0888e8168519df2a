// ProgressLine: how a run is going, on stderr: points done and failed of the total, rate, ETA,
// and how far the running points have got (their count, and the least-advanced node's fraction
// with its point and node, and the mean, from what nodes report through Context::progress).
//
// live:  one line redrawn a few times a second (a terminal);
// plain: one self-contained line every `every_s` seconds and a last one at the end, for stderr
//        that is a file (Slurm logs, notebooks), where a redrawn line would be noise;
// none:  nothing. automatic: live on a terminal, plain otherwise.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "run/running_nodes.hpp"

namespace assay {

enum class ProgressMode { automatic, live, plain, none };

// "auto", "live", "plain" or "none"; nothing for another name.
std::optional<ProgressMode> progress_mode_from_name(std::string_view name);

struct ProgressSettings {
  ProgressMode mode = ProgressMode::automatic;
  double every_s = 10;  // plain: seconds between lines
};

class ProgressLine {
 public:
  // `running` (may be null) is sampled when a line is drawn.
  ProgressLine(std::size_t total, ProgressSettings settings, const RunningNodes* running);
  ~ProgressLine();

  // Draws when a line is due (live: at most five times a second); cheap to call often.
  void update(std::size_t done, std::size_t failed);
  void clear();  // live: erase the line before other output
  // plain: the last line; live: erase the line.
  void finish(std::size_t done, std::size_t failed);

 private:
  std::string text(std::size_t done, std::size_t failed) const;
  void draw(std::size_t done, std::size_t failed);

  std::size_t total_;
  ProgressMode mode_;  // live, plain or none
  std::chrono::steady_clock::duration every_;
  const RunningNodes* running_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
};

}  // namespace assay
