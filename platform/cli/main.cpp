// assay: the command-line host. Dispatches to a subcommand and maps errors to exit codes.
#include <csignal>
#include <cstring>
#include <iostream>
#include <map>

#include "assay/error.hpp"
#include "cli/commands.hpp"
#include "pipeline/parse/source_error.hpp"

namespace {

const char* kUsage = R"(assay: run research methods as plugins, in pipelines and sweeps, into HDF5.

Usage: assay COMMAND [options]      (assay COMMAND --help for each command)

Commands:
  list [--json]                   plugins and methods found, with versions and load status
  describe METHOD|FILE.so         a method's (or a plugin file's) params, ports, checks, paper
  run PIPELINE.toml [options]     run a pipeline or sweep into an HDF5 result file
  verify [PLUGIN|METHOD...]       run the checks of the papers' claims; exit 1 if any fails
  show FILE.h5                    summary table of the points in a result
  merge OUT.h5 PART.h5...         join the shards of one sweep
  report FILE.h5 [-o DIR]         an HTML page with the result's figures and points table
  new plugin NAME                 write a new plugin folder that builds and passes its test

Options:
  -h [ --help ]                   this help (each command has its own)
  --version                       the version of assay

list, describe, run, verify, show and merge take --json: one JSON document on stdout (valid
UTF-8 even when a file name is not).

Examples:
  assay list
  assay describe uniform_matrix
  assay run plugins/examples/pipelines/examples.toml --dry-run
  assay run plugins/examples/pipelines/examples.toml -o out.h5
  assay show out.h5 --json

Plugins are loaded from <prefix>/<libdir>/assay/plugins (libdir: lib, or lib/<arch> in a
Debian-style /usr install) and from ASSAY_PLUGIN_PATH (folders or .so files separated by ':').
)";

// Ctrl-C sets the flag the run polls; a second Ctrl-C ends the process at once.
std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
  if (g_interrupted.exchange(true)) std::_Exit(130);
}

std::string join_invocation(int argc, char** argv) {
  std::string text;
  for (int i = 0; i < argc; ++i) text += (i ? " " : "") + std::string(argv[i]);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  const std::map<std::string, int (*)(const assay::CommandLine&)> commands = {
      {"list", assay::list_command},     {"describe", assay::describe_command},
      {"run", assay::run_command},       {"verify", assay::verify_command},
      {"show", assay::show_command},     {"merge", assay::merge_command},
      {"report", assay::report_command}, {"new", assay::new_command}};
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
    std::cout << kUsage;
    return argc < 2 ? 2 : 0;
  }
  if (!std::strcmp(argv[1], "--version")) {
    std::cout << "assay " << ASSAY_VERSION << "\n";
    return 0;
  }
  const auto command = commands.find(argv[1]);
  if (command == commands.end()) {
    std::cerr << "assay: unknown command '" << argv[1] << "'; see `assay --help`\n";
    return 2;
  }
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  const assay::CommandLine cmd{
      {argv + 2, argv + argc}, join_invocation(argc, argv), &g_interrupted};
  try {
    return command->second(cmd);
  } catch (const assay::SourceError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const assay::UsageError& e) {
    std::cerr << "assay: " << argv[1] << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "assay: error: " << e.what() << "\n";
    return 1;
  }
}
