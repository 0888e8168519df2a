#include "registry/plugin_scan.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <cctype>
#include <cstring>

extern char** environ;

namespace assay {

namespace fs = std::filesystem;

namespace {

// The scanner's stderr is kept to its last few lines: what a dying constructor printed
// (std::terminate's "what():", an assertion) is the most useful part of a refusal.
constexpr std::size_t kKeptOutput = 4096;

class Pipe {
 public:
  Pipe() {
    if (::pipe2(ends_, O_CLOEXEC) != 0) ends_[0] = ends_[1] = -1;
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  ~Pipe() {
    close_read();
    close_write();
  }
  bool ok() const { return ends_[0] >= 0; }
  int read_end() const { return ends_[0]; }
  int write_end() const { return ends_[1]; }
  void close_write() { close(1); }
  void close_read() { close(0); }

 private:
  void close(int end) {
    if (ends_[end] >= 0) ::close(ends_[end]);
    ends_[end] = -1;
  }
  int ends_[2];
};

// Reads `fd` until end of file or `deadline`, keeping the tail; true if end of file came first.
bool read_until(int fd, std::chrono::steady_clock::time_point deadline, std::string& tail) {
  char buffer[1024];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return false;
    const auto n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    tail.append(buffer, static_cast<std::size_t>(n));
    if (tail.size() > kKeptOutput) tail.erase(0, tail.size() - kKeptOutput);
  }
}

// The last two lines, joined: std::terminate writes the exception's type, then its what().
std::string last_lines(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  auto start = text.find_last_of('\n');
  if (start != std::string::npos && start > 0) start = text.find_last_of('\n', start - 1);
  text = start == std::string::npos ? text : text.substr(start + 1);
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

std::string how_it_ended(int status) {
  if (WIFSIGNALED(status))
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           ::strsignal(WTERMSIG(status)) + ")";
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  return {};
}

pid_t spawn_scanner(const fs::path& scanner, const fs::path& file, int stderr_fd) {
  std::string program = scanner.string(), argument = file.string();
  char* argv[] = {program.data(), argument.data(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, stderr_fd, 2);
  pid_t pid = -1;
  const int error = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0 ? pid : -1;
}

}  // namespace

fs::path installed_plugin_scanner() {
  const fs::path host = boost::dll::program_location().string();
  const auto scanner = (host.parent_path() / ASSAY_SCANNER_FROM_HOST).lexically_normal();
  std::error_code error;
  return fs::is_regular_file(scanner, error) ? scanner : fs::path();
}

std::string scan_in_child(const fs::path& scanner, const fs::path& file,
                          std::chrono::milliseconds limit) {
  Pipe output;
  if (!output.ok()) return std::string("cannot scan it: pipe: ") + std::strerror(errno);
  const pid_t pid = spawn_scanner(scanner, file, output.write_end());
  if (pid < 0) return "cannot scan it: cannot start " + scanner.string();
  output.close_write();
  std::string tail;
  const bool finished =
      read_until(output.read_end(), std::chrono::steady_clock::now() + limit, tail);
  if (!finished) ::kill(pid, SIGKILL);
  int status = 0;
  pid_t reaped;
  while ((reaped = ::waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  // Without the scan's status (SIGCHLD ignored reaps it unseen) nothing says the file is safe.
  if (reaped != pid) return std::string("cannot scan it: waitpid: ") + std::strerror(errno);
  std::string why = finished ? how_it_ended(status)
                             : "still loading after " + std::to_string(limit.count()) + " ms";
  if (why.empty()) return {};
  why = "loading it in a scan process failed: " + why;
  if (const auto said = last_lines(tail); !said.empty()) why += "; it wrote: " + said;
  return why;
}

}  // namespace assay
