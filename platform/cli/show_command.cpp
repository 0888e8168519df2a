// assay show FILE.h5: a summary table of the points in a result (or an interrupted run).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

#include "cli/command_options.hpp"
#include "cli/points_json.hpp"
#include "cli/points_table.hpp"
#include "cli/result_page.hpp"
#include "mpi/rank_shards.hpp"
#include "store/files/result_paths.hpp"

namespace assay {

namespace {
const char* kUsage = R"(Usage: assay show FILE.h5 [--limit N] [--offset N] [--point ID] [--json]

Summarises a result file: pipeline, counts by status, and one row per point (swept params,
scalar outputs, wall time, error). A finished result is read through its /index, opening only
the points shown; interrupted runs are read whole, and so are the rank shards a killed MPI run
leaves beside FILE.h5. With --point, one point and the messages its nodes logged (ctx.log).
With --json, the same as one JSON document on stdout: every point unless --limit is given
(README, "The command line", lists its keys).

Examples:
  assay show results/examples-20261201-120000-4242.h5
  assay show out.h5 --limit 500
  assay show out.h5 --offset 1000 --limit 100
  assay show out.h5 --point 5560f655f7e12beb
  assay show out.h5 --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["counts"])')";

// One point: its status, time and error, then what its nodes logged.
void print_point(const PointResult& point, std::ostream& out) {
  out << "point " << point.id << ": " << status_name(point.status) << " in " << point.wall_s
      << " s";
  if (!point.error.empty()) out << ", " << point.error;
  out << "\n";
  if (point.log.empty()) return void(out << "its nodes logged nothing\n");
  out << "log (node: message):\n";
  std::istringstream lines(point.log);
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

// A finished result is read through /index; a run in parts, shards, or a file whose /index
// predates the counts a page needs, are read whole.
ResultPage read_page(const std::filesystem::path& file, std::size_t offset, std::size_t limit,
                     std::ostream& notes) {
  if (is_consolidated(file))
    if (auto page = read_result_page(file, offset, limit)) return std::move(*page);
  return result_page(read_result_or_rank_shards(file, notes), offset, limit);
}

std::optional<PointResult> read_point(const std::filesystem::path& file, const std::string& id,
                                      std::ostream& notes) {
  if (is_consolidated(file)) return read_stored_point(file, id);
  auto results = read_result_or_rank_shards(file, notes);
  const auto it = std::find_if(results.points.begin(), results.points.end(),
                               [&](const PointResult& p) { return p.id == id; });
  if (it == results.points.end()) return std::nullopt;
  return std::move(*it);
}
}  // namespace

int show_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("limit", po::value<std::size_t>()->default_value(50),
                        "rows shown at most (with --json: all unless given)")(
      "offset", po::value<std::size_t>()->default_value(0), "rows skipped before the first shown")(
      "point", po::value<std::string>(), "show this point and what its nodes logged")(
      "json", "machine-readable output on stdout");
  Operands operands;
  operands.options.add_options()("file", po::value<std::string>()->required(), "result file");
  operands.positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options(cmd, "show", kUsage, options, operands, vm)) return 0;
  const bool json = vm.count("json") > 0;
  const std::filesystem::path file = vm["file"].as<std::string>();
  // With --json, stdout is the document alone.
  auto& notes = json ? std::cerr : std::cout;
  if (vm.count("point")) {
    const auto& id = vm["point"].as<std::string>();
    const auto point = read_point(file, id, notes);
    if (!point)
      throw UsageError("--point " + id +
                       ": no such point in the result; `assay show FILE` lists them");
    json ? write_json(point_json(*point), std::cout) : print_point(*point, std::cout);
    return 0;
  }
  const bool every_point = json && vm["limit"].defaulted();
  const auto limit =
      every_point ? std::numeric_limits<std::size_t>::max() : vm["limit"].as<std::size_t>();
  const auto page = read_page(file, vm["offset"].as<std::size_t>(), limit, notes);
  json ? write_json(results_json(file, page), std::cout) : print_results(page, std::cout);
  return 0;
}

}  // namespace assay
