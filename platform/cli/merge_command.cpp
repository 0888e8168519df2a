// assay merge OUT.h5 PART.h5... [--json]: joins the shards of one sweep into one result.
#include <iostream>

#include "cli/command_options.hpp"
#include "cli/points_json.hpp"
#include "cli/status_counts.hpp"
#include "store/result_store.hpp"

namespace assay {

namespace {

const char* kUsage = R"(Usage: assay merge OUT.h5 PART.h5... [--json]

Joins result files written by shards of the same sweep (--shard I/N, or MPI ranks) into
OUT.h5. Parts of a different pipeline are refused; a point present in several parts is
written once. Then says how many of the planned points OUT.h5 holds, by status (with
--json, as a JSON document on stdout: `assay show --json` without the points, plus "parts").

Examples:
  assay merge out.h5 part0.h5 part1.h5 part2.h5
  assay merge out.h5 parts/*.h5 --json)";

}  // namespace

int merge_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("json", "machine-readable output on stdout");
  Operands operands;
  operands.options.add_options()("files", po::value<std::vector<std::string>>()->composing(),
                                 "OUT.h5 then the parts");
  operands.positional.add("files", -1);
  po::variables_map vm;
  if (!parse_options(cmd, "merge", kUsage, options, operands, vm)) return 0;
  const auto files =
      vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
  if (files.size() < 2) throw UsageError("merge needs OUT.h5 and at least one part; see --help");
  const std::filesystem::path out = files.front();
  const std::vector<std::filesystem::path> parts(files.begin() + 1, files.end());
  merge_results(out, parts);
  const auto merged = read_result_summaries(out);
  if (vm.count("json")) {
    auto document = result_summary_json(out, merged);
    document["parts"] = std::vector<std::string>(files.begin() + 1, files.end());
    write_json(document, std::cout);
    return 0;
  }
  const auto counts = count_statuses(merged);
  std::cerr << "assay: merged " << parts.size() << " parts into " << out.string() << ": "
            << merged.points.size() << " of " << merged.info.planned_points << " points ("
            << counts.ok << " ok, " << counts.failed << " failed, " << counts.timeout
            << " timeout)\n";
  return 0;
}

}  // namespace assay
