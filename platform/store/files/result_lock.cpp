#include "store/files/result_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "pipeline/parse/source_error.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {
std::string holder_pid(int fd) {
  char text[32] = {};
  const auto n = pread(fd, text, sizeof text - 1, 0);
  std::string pid(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid.empty() ? "unknown" : pid;
}

// True when `fd` is still the file at `path`: a writer that finished unlinks its lock file, and
// a run that opened it just before must not lock the orphan while a third run locks a new one.
bool still_linked(int fd, const fs::path& path) {
  struct stat held {
  }, named{};
  return fstat(fd, &held) == 0 && stat(path.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
         held.st_dev == named.st_dev;
}
}  // namespace

fs::path ResultLock::path_for(const fs::path& file) { return fs::path(file.string() + ".lock"); }

ResultLock::ResultLock(const fs::path& file) : path_(path_for(file)) {
  const SourcePos where{file.string()};
  for (;;) {
    fd_ = open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      throw SourceError(where, "",
                        "cannot write here (" + path_.string() + ": " + std::strerror(errno) + ")",
                        "choose a writable --out, or fix the folder's permissions");
    if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const auto pid = holder_pid(fd_);
      close(fd_);
      fd_ = -1;
      throw SourceError(
          where, "",
          "another run (pid " + pid + ") is writing this result; its lock is " + path_.string(),
          "wait for it to finish, or choose another --out");
    }
    if (still_linked(fd_, path_)) break;
    close(fd_);
  }
  const auto pid = std::to_string(getpid()) + "\n";
  const bool noted = ftruncate(fd_, 0) == 0 &&
                     pwrite(fd_, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
  static_cast<void>(noted);  // the pid only serves a refused run's message; the lock holds anyway
}

ResultLock::~ResultLock() {
  if (fd_ < 0) return;
  unlink(path_.c_str());
  close(fd_);
}

}  // namespace assay
