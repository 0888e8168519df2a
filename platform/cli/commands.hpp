// The subcommands of `assay`. Each parses its own options and returns the process exit code:
// 0 all good, 1 some point or check failed, 2 bad usage, bad input or a plugin load error.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

namespace assay {

struct CommandLine {
  std::vector<std::string> args;                 // after the subcommand name
  std::string text;                              // the whole invocation, for provenance
  const std::atomic<bool>* interrupt = nullptr;  // set by Ctrl-C
};

// Bad usage of the CLI itself (unknown option, missing argument): exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

int list_command(const CommandLine& cmd);
int describe_command(const CommandLine& cmd);
int run_command(const CommandLine& cmd);
int verify_command(const CommandLine& cmd);
int show_command(const CommandLine& cmd);
int merge_command(const CommandLine& cmd);
int report_command(const CommandLine& cmd);
int new_command(const CommandLine& cmd);

}  // namespace assay
