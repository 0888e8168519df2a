// assay show FILE.h5: a summary table of the points in a result (or an interrupted run).
#include <iostream>

#include "cli/command_options.hpp"
#include "cli/points_table.hpp"

namespace assay {

int show_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "result file")(
      "limit", po::value<std::size_t>()->default_value(50), "rows shown at most");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options(cmd, "show",
                     "Usage: assay show FILE.h5 [--limit N]\n\nSummarises a result "
                     "file: pipeline, counts by status, and one row per point\n(swept params, "
                     "scalar outputs, wall time, error). Works on interrupted runs too.",
                     options, positional, vm))
    return 0;
  print_results(read_results(vm["file"].as<std::string>()), vm["limit"].as<std::size_t>(),
                std::cout);
  return 0;
}

}  // namespace assay
