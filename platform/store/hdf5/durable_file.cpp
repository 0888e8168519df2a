#include "store/hdf5/durable_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "assay/error.hpp"

namespace assay {

namespace {
[[noreturn]] void fail(const char* what, const std::filesystem::path& path, int error) {
  throw Error(std::string(what) + " " + path.string() + ": " + std::strerror(error));
}

void fsync_path(const std::filesystem::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) fail("cannot open", path, errno);
  const int synced = ::fsync(fd);
  const int error = errno;
  ::close(fd);
  if (synced != 0) fail("cannot fsync", path, error);
}

std::filesystem::path directory_of(const std::filesystem::path& file) {
  const auto parent = file.parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}
}  // namespace

void fsync_file(const std::filesystem::path& file) { fsync_path(file, O_RDONLY); }

void start_writeback(const std::filesystem::path& file) {
#ifdef __linux__
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;  // only a hint: the fsync that follows reports real trouble
  ::sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
  ::close(fd);
#else
  (void)file;
#endif
}

void fsync_directory(const std::filesystem::path& directory) {
  fsync_path(directory, O_RDONLY | O_DIRECTORY);
}

void publish_file(const std::filesystem::path& written, const std::filesystem::path& target) {
  fsync_file(written);
  if (::rename(written.c_str(), target.c_str()) != 0) fail("cannot rename onto", target, errno);
  fsync_directory(directory_of(target));
}

}  // namespace assay
