#include "registry/digest_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>

#include "registry/sha256.hpp"

namespace assay {

namespace fs = std::filesystem;

namespace {

struct FileIdentity {
  long long device = 0, inode = 0, size = 0, modified_ns = 0, changed_ns = 0;
  bool operator==(const FileIdentity&) const = default;
};

struct Entry {
  FileIdentity identity;
  std::string sha256;
};

std::optional<FileIdentity> identity_of(const fs::path& path) {
  struct stat s {};
  if (::stat(path.c_str(), &s) != 0) return std::nullopt;
  const auto ns = [](const timespec& t) { return t.tv_sec * 1000000000LL + t.tv_nsec; };
  return FileIdentity{static_cast<long long>(s.st_dev), static_cast<long long>(s.st_ino),
                      static_cast<long long>(s.st_size), ns(s.st_mtim), ns(s.st_ctim)};
}

fs::path cache_file() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "assay" / "plugin-digests";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".cache" / "assay" / "plugin-digests";
  return {};
}

// One line per file: device inode size mtime_ns ctime_ns sha256 path (the path last: it may
// hold spaces). Lines that do not parse are dropped.
std::map<std::string, Entry> read_cache(const fs::path& file) {
  std::map<std::string, Entry> entries;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    Entry e;
    std::string path;
    auto& id = e.identity;
    if (fields >> id.device >> id.inode >> id.size >> id.modified_ns >> id.changed_ns >> e.sha256 &&
        fields.get() == ' ' && std::getline(fields, path) && e.sha256.size() == 64)
      entries[path] = e;
  }
  return entries;
}

// Written under a name of this process's own and renamed over the cache, so that concurrent
// runs never read half a file; the last writer wins, and a lost entry is only hashed again.
void write_cache(const fs::path& file, const std::map<std::string, Entry>& entries) {
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  if (error) return;
  const auto temp = file.string() + "." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::trunc);
    for (const auto& [path, e] : entries) {
      const auto& id = e.identity;
      out << id.device << ' ' << id.inode << ' ' << id.size << ' ' << id.modified_ns << ' '
          << id.changed_ns << ' ' << e.sha256 << ' ' << path << '\n';
    }
    out.flush();
    if (!out) error = std::make_error_code(std::errc::io_error);
  }
  if (!error) fs::rename(temp, file, error);
  if (error) fs::remove(temp, error);
}

class DigestCache {
 public:
  bool holds(const fs::path& path) {
    const auto key = fs::absolute(path).string();
    const auto identity = identity_of(path);
    const std::lock_guard lock(mutex_);
    return identity && find(key, *identity);
  }

  std::string sha256(const fs::path& path) {
    const auto key = fs::absolute(path).string();
    const auto before = identity_of(path);
    const std::lock_guard lock(mutex_);
    if (const auto* cached = before ? find(key, *before) : nullptr) return *cached;
    auto digest = sha256_file(path);
    // A file changed while it was read gets its digest, but is not remembered.
    if (before && before == identity_of(path) && key.find('\n') == std::string::npos &&
        !file_.empty()) {
      entries_[key] = Entry{*before, digest};
      forget_missing();
      write_cache(file_, entries_);
    }
    return digest;
  }

 private:
  // The digest remembered for `key` with this identity; the caller holds the lock.
  const std::string* find(const std::string& key, const FileIdentity& identity) {
    if (!loaded_ && !file_.empty()) entries_ = read_cache(file_);
    loaded_ = true;
    const auto it = entries_.find(key);
    return it != entries_.end() && it->second.identity == identity ? &it->second.sha256 : nullptr;
  }

  // Entries of files that are gone or changed would only grow the cache.
  void forget_missing() {
    std::erase_if(entries_, [](const auto& entry) {
      return identity_of(entry.first) != entry.second.identity;
    });
  }

  std::mutex mutex_;
  fs::path file_ = cache_file();
  bool loaded_ = false;
  std::map<std::string, Entry> entries_;
};

DigestCache& digest_cache() {
  static DigestCache cache;
  return cache;
}

}  // namespace

std::string cached_sha256_file(const fs::path& path) { return digest_cache().sha256(path); }

bool sha256_is_cached(const fs::path& path) { return digest_cache().holds(path); }

}  // namespace assay
