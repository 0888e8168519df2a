// An exclusive claim on a result path for the life of one writer, taken before any point runs:
// <file>.lock, held with flock(2), so the kernel drops it when the process dies and a killed
// run leaves no stale lock behind. A second writer of the same result is refused at once,
// naming the pid that holds it; a folder where the lock cannot be created is refused before
// anything runs, instead of at the first commit.
#pragma once

#include <filesystem>

namespace assay {

class ResultLock {
 public:
  // Throws SourceError naming `file`: held by another run (with its pid), or its folder missing
  // or not writable (the caller makes the folder).
  explicit ResultLock(const std::filesystem::path& file);
  ~ResultLock();  // removes the lock file, then releases it
  ResultLock(const ResultLock&) = delete;
  ResultLock& operator=(const ResultLock&) = delete;

  static std::filesystem::path path_for(const std::filesystem::path& file);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace assay
