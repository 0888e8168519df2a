#include "registry/path_safety.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace assay {

bool unsafe_plugin_paths_allowed_by_environment() {
  const char* value = std::getenv(kAllowUnsafePluginPathVariable);
  return value && std::string_view(value) == "1";
}

std::string unsafe_path_reason(const std::filesystem::path& path) {
  struct stat s {};
  if (::stat(path.c_str(), &s) != 0) return {};  // the caller reports a path it cannot reach
  const bool folder = S_ISDIR(s.st_mode);
  const char* what = folder ? "folder" : "file";
  const std::string remedy = std::string("; allow it anyway with --allow-unsafe-plugin-path or ") +
                             kAllowUnsafePluginPathVariable + "=1";
  if (s.st_mode & S_IWOTH) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(s.st_mode & 07777));
    return std::string("unsafe plugin ") + what + ": world-writable (mode " + mode +
           (folder ? "), so any user could put a plugin in it"
                   : "), so any user could change its code") +
           " and have the host run it; chmod o-w it" + remedy;
  }
  if (s.st_uid != ::getuid() && s.st_uid != 0)
    return std::string("unsafe plugin ") + what + ": owned by uid " + std::to_string(s.st_uid) +
           ", neither you (uid " + std::to_string(::getuid()) +
           ") nor root, so its owner could run code as you" + remedy;
  return {};
}

}  // namespace assay
