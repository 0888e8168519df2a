// assay show FILE.h5: a summary table of the points in a result (or an interrupted run).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/command_options.hpp"
#include "cli/points_table.hpp"
#include "mpi/rank_shards.hpp"
#include "store/files/result_paths.hpp"

namespace assay {

namespace {
// One point: its status, time and error, then what its nodes logged.
void print_point(const ResultSet& results, const std::string& id, std::ostream& out) {
  const auto it = std::find_if(results.points.begin(), results.points.end(),
                               [&](const PointResult& p) { return p.id == id; });
  if (it == results.points.end())
    throw UsageError("--point " + id +
                     ": no such point in the result; `assay show FILE` lists them");
  out << "point " << it->id << ": " << status_name(it->status) << " in " << it->wall_s << " s";
  if (!it->error.empty()) out << ", " << it->error;
  out << "\n";
  if (it->log.empty()) return void(out << "its nodes logged nothing\n");
  out << "log (node: message):\n";
  std::istringstream lines(it->log);
  for (std::string line; std::getline(lines, line);) out << "  " << line << "\n";
}

// A killed MPI run leaves only its rank shards (<out>.rank<k>.h5) until a --resume joins them:
// show them as the one result they will become, saying so.
ResultSet read_result_or_rank_shards(const std::filesystem::path& file, std::ostream& out) {
  const auto shards = rank_shards(file);
  if (shards.empty() || std::filesystem::exists(file) || std::filesystem::exists(parts_dir(file)))
    return read_results(file);
  out << "(no " << file.string() << " yet: the " << shards.size()
      << " MPI rank shards beside it, which `assay run ... -o " << file.string()
      << " --resume` joins)\n";
  return read_results(shards);
}
}  // namespace

int show_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("file", po::value<std::string>()->required(), "result file")(
      "limit", po::value<std::size_t>()->default_value(50), "rows shown at most")(
      "point", po::value<std::string>(), "show this point and what its nodes logged");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options(
          cmd, "show",
          "Usage: assay show FILE.h5 [--limit N | --point ID]\n\nSummarises a result "
          "file: pipeline, counts by status, and one row per point\n(swept params, "
          "scalar outputs, wall time, error). Works on interrupted runs too, and on\nthe "
          "rank shards a killed MPI run leaves beside FILE.h5.\n"
          "With --point, one point and the messages its nodes logged (ctx.log).",
          options, positional, vm))
    return 0;
  const auto results = read_result_or_rank_shards(vm["file"].as<std::string>(), std::cout);
  if (vm.count("point"))
    print_point(results, vm["point"].as<std::string>(), std::cout);
  else
    print_results(results, vm["limit"].as<std::size_t>(), std::cout);
  return 0;
}

}  // namespace assay
