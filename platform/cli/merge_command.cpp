// assay merge OUT.h5 PART.h5...: joins the shards of one sweep into one result.
#include <iostream>

#include "cli/command_options.hpp"
#include "store/result_store.hpp"

namespace assay {

int merge_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("files", po::value<std::vector<std::string>>()->composing(),
                        "OUT.h5 then the parts");
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  if (!parse_options(
          cmd, "merge",
          "Usage: assay merge OUT.h5 PART.h5...\n\nJoins result files "
          "written by shards of the same sweep (--shard I/N, or MPI ranks)\ninto OUT.h5. "
          "Parts of a different pipeline are refused; a point present in\nseveral parts "
          "is written once.",
          options, positional, vm))
    return 0;
  const auto files =
      vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (files.size() < 2) throw UsageError("merge needs OUT.h5 and at least one part; see --help");
  const std::vector<std::filesystem::path> parts(files.begin() + 1, files.end());
  merge_results(files.front(), parts);
  std::cerr << "assay: merged " << parts.size() << " parts into " << files.front() << "\n";
  return 0;
}

}  // namespace assay
