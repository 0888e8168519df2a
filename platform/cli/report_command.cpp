// assay report FILE.h5: the result's HTML page and figures, drawn by the Python module
// (python/assay, installed into <prefix>/<libdir>/assay/python) with matplotlib. The command
// finds the module beside the executable, as the host finds its plugins, and runs it with
// Debian's /usr/bin/python3 (or $ASSAY_PYTHON), telling it which `assay` to call back.
#include <spawn.h>
#include <sys/wait.h>

#include <boost/dll/runtime_symbol_info.hpp>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/command_options.hpp"

extern char** environ;

namespace assay {
namespace {

namespace fs = std::filesystem;

const char* kReportUsage = R"(Usage: assay report FILE.h5 [-o DIR] [--figures FIGURES.json...]

Writes DIR/report.html, one self-contained page that opens offline: provenance, the resolved
pipeline, a sortable table of the points (failed ones with their errors) and the figures;
each figure is also saved as DIR/figures/*.png and *.svg. A running or killed run is reported
from a snapshot of its committed points.

The figures are a default panel per scalar output against the swept axes (mean +- SE over
replicates), then those of each --figures file: JSON figure specs (x, y, colour, facet, row,
error, kind: line|scatter|bar|heatmap|histogram), see python/assay/figure_spec.py. Methods
cannot declare figures of their own yet.

Needs /usr/bin/python3 with python3-h5py, -pandas, -xarray and -matplotlib (or set
ASSAY_PYTHON to another interpreter that has them).

Examples:
  assay report results/examples-20261201-120000.h5   # into results/examples-20261201-120000-report/
  assay report out.h5 -o out-report --figures figures.json
  assay report running.h5                             # while it runs: its committed points)";

// <prefix>/<libdir>/assay/python, as the build placed it relative to the host.
fs::path python_module_dir() {
  const fs::path exe = boost::dll::program_location().string();
  return (exe.parent_path() / ASSAY_PYTHON_DIR_FROM_HOST).lexically_normal();
}

std::string with_prepended(const char* variable, const std::string& entry) {
  const char* old = std::getenv(variable);
  return entry + (old && *old ? ":" + std::string(old) : "");
}

int run_python(const std::vector<std::string>& args) {
  const fs::path module_dir = python_module_dir();
  if (!fs::is_directory(module_dir / "assay"))
    throw UsageError("the Python module is missing from " + module_dir.string() +
                     "; re-run cmake on the build tree, or reinstall with `cmake --install`");
  setenv("PYTHONPATH", with_prepended("PYTHONPATH", module_dir.string()).c_str(), 1);
  setenv("ASSAY_EXECUTABLE", boost::dll::program_location().string().c_str(), 1);
  const char* python = std::getenv("ASSAY_PYTHON");
  std::vector<std::string> command{python && *python ? python : "/usr/bin/python3", "-m",
                                   "assay.report"};
  command.insert(command.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& arg : command) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0)
    throw std::runtime_error(command[0] + " could not be started; install python3 (Debian) " +
                             "or set ASSAY_PYTHON");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

}  // namespace

int report_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("out,o", po::value<std::string>(),
                        "output folder (default: FILE without .h5, -report)")(
      "figures", po::value<std::vector<std::string>>()->default_value({}, ""),
      "JSON file of figure specs (repeatable)");
  Operands operands;
  operands.options.add_options()("file", po::value<std::string>()->required(), "result file");
  operands.positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options(cmd, "report", kReportUsage, options, operands, vm)) return 0;
  std::vector<std::string> args{vm["file"].as<std::string>()};
  if (vm.count("out")) args.insert(args.end(), {"-o", vm["out"].as<std::string>()});
  for (const auto& figures : vm["figures"].as<std::vector<std::string>>())
    args.insert(args.end(), {"--figures", figures});
  return run_python(args);
}

}  // namespace assay
