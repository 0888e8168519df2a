#include "support/assay_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace assay::testing {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

pid_t spawn(const std::vector<std::string>& args, const std::string& out, const std::string& err) {
  const std::string exe = std::string(ASSAY_BUILD_DIR) + "/bin/assay";
  std::vector<std::string> argv_text{exe};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + exe);
  return pid;
}

}  // namespace

int wait_for(pid_t pid) {
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) throw std::runtime_error("waitpid failed");
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

ProcessResult run_assay(const std::vector<std::string>& args) {
  TempFolder capture("capture");
  const auto out = capture.file("out"), err = capture.file("err");
  ProcessResult result;
  result.exit_code = wait_for(spawn(args, out, err));
  result.out = read_text(out);
  result.err = read_text(err);
  return result;
}

pid_t start_assay(const std::vector<std::string>& args) {
  return spawn(args, "/dev/null", "/dev/null");
}

TempFolder::TempFolder(const std::string& name) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / ("assay_" + name + "_XXXXXX")).string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempFolder::~TempFolder() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

void write_text(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

}  // namespace assay::testing
