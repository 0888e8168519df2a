// Test support: runs the built `assay` executable as a user would, in a child process.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace assay::testing {

struct ProcessResult {
  int exit_code = -1;  // -signal when killed by a signal
  std::string out;
  std::string err;
};

// Runs `assay args...` to completion with stdout and stderr captured.
ProcessResult run_assay(const std::vector<std::string>& args);

// Starts `assay args...` in the background (output discarded); returns its pid.
pid_t start_assay(const std::vector<std::string>& args);

// Waits for a started process; returns its exit code, or -signal.
int wait_for(pid_t pid);

// A fresh empty folder under the system temp folder, removed by the destructor.
class TempFolder {
 public:
  explicit TempFolder(const std::string& name);
  ~TempFolder();
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Writes `text` to `path`.
void write_text(const std::string& path, const std::string& text);

}  // namespace assay::testing
