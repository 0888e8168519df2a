// assay run PIPELINE.toml [options]: validate, plan, run and store a pipeline or sweep.
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/command_options.hpp"
#include "cli/loaded_plugins.hpp"
#include "cli/points_json.hpp"
#include "cli/points_table.hpp"
#include "cli/run_provenance.hpp"
#include "mpi/mpi_launch.hpp"
#include "mpi/rank_shards.hpp"
#include "pipeline/plan/sweep_growth.hpp"
#include "pipeline/plan/sweep_plan.hpp"
#include "run/sweep_runner.hpp"
#include "store/files/part_nodes.hpp"
#include "store/files/result_lock.hpp"
#include "store/files/result_paths.hpp"
#include "store/files/stored_nodes.hpp"
#ifdef ASSAY_HAVE_MPI
#include "mpi/distributed_run.hpp"
#endif

namespace assay {

namespace {

const char* kUsage = R"(Usage: assay run PIPELINE.toml [options]

Runs every point of the pipeline's sweep (or its single point) and stores outputs,
parameters and provenance in an HDF5 file. Finished points are committed in batches,
so a run that is killed keeps them; `--resume` finishes it, and also runs the new
points of a sweep that has grown (more values or replicates).

A node is computed once per distinct lineage (its method, params, inputs, seed and
replicate): points that differ only downstream of it share it, and `--reuse` takes
it from an older result. `--dry-run` shows how many distinct lineages each node has.

Examples:
  assay run plugins/examples/pipelines/examples.toml
  assay run sweep.toml -o out.h5 -j 2 --set data.rows=20 --set 'sweep.data.cols=[2,4,8]'
  assay run sweep.toml -o out.h5 --resume          # after Ctrl-C, a kill or failed points
  assay run sweep.toml --dry-run                   # validate and print the points
  assay run sweep.toml --dry-run --json            # the plan as JSON (swept params marked)
  assay run sweep.toml -o out.h5 -q --json         # the counts as JSON on stdout
  assay run finetune.toml --reuse pretrain.h5      # nodes pretrain.h5 computed are not rerun
  mpirun -np 8 assay run sweep.toml -o out.h5      # over MPI ranks, one merged out.h5
  assay run sweep.toml -o part3.h5 --shard 3/8     # a Slurm job array task; then assay merge
  assay run sweep.toml -o out.h5 --progress-every 60   # a progress line a minute in a log

Progress goes to stderr: points done and failed of the total, rate, ETA, and how far
the running points are (from what their nodes report through ctx.progress: the
least-advanced one with its point and node, and the mean). Messages a node logs
(ctx.log) are shown as they come and stored with their point; `assay show FILE
--point ID` prints them.

Exit status: 0 all points ok; 1 some point failed, timed out or was interrupted;
2 bad usage, bad pipeline file or plugin load error.)";

// The time and the process id, so two runs started in the same second never share a file.
std::filesystem::path default_output(const std::string& pipeline_name) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  return std::filesystem::path("results") /
         (pipeline_name + "-" + stamp + "-" + std::to_string(::getpid()) + ".h5");
}

std::optional<std::int64_t> env_integer(const char* name) {
  const char* text = std::getenv(name);
  if (!text) return std::nullopt;
  std::int64_t value = 0;
  const auto end = text + std::strlen(text);
  if (std::from_chars(text, end, value).ptr != end || end == text)
    throw UsageError(std::string(name) + "=" + text + ": expected an integer");
  return value;
}

// Inside a Slurm job array: the task's shard. Arrays may start anywhere and step (--array=1-7:2),
// so the shard is (ID - MIN) / STEP of COUNT.
std::pair<std::size_t, std::size_t> slurm_shard() {
  const auto id = env_integer("SLURM_ARRAY_TASK_ID"), count = env_integer("SLURM_ARRAY_TASK_COUNT");
  if (!id || !count) return {0, 1};
  const auto min = env_integer("SLURM_ARRAY_TASK_MIN").value_or(0);
  const auto step = env_integer("SLURM_ARRAY_TASK_STEP").value_or(1);
  const auto offset = *id - min;
  if (step <= 0 || *count <= 0 || offset < 0 || offset % step != 0 || offset / step >= *count)
    throw UsageError("SLURM_ARRAY_TASK_ID=" + std::to_string(*id) + " (MIN " + std::to_string(min) +
                     ", STEP " + std::to_string(step) + ", COUNT " + std::to_string(*count) +
                     ") is not a task of the array");
  return {static_cast<std::size_t>(offset / step), static_cast<std::size_t>(*count)};
}

// "I/N", or the Slurm array task's shard.
std::pair<std::size_t, std::size_t> parse_shard(const po::variables_map& vm) {
  if (!vm.count("shard")) return slurm_shard();
  const auto text = vm["shard"].as<std::string>();
  std::size_t index = 0, count = 0;
  char slash = 0, rest = 0;
  if (std::sscanf(text.c_str(), "%zu%c%zu%c", &index, &slash, &count, &rest) != 3 || slash != '/' ||
      count == 0 || index >= count)
    throw UsageError("--shard " + text + ": expected I/N with 0 <= I < N, e.g. --shard 0/4");
  return {index, count};
}

// --progress and --progress-every; --quiet is --progress=none.
ProgressSettings progress_settings(const po::variables_map& vm) {
  ProgressSettings settings;
  const auto name = vm["progress"].as<std::string>();
  const auto mode = progress_mode_from_name(name);
  if (!mode) throw UsageError("--progress " + name + ": expected auto, live, plain or none");
  settings.mode = vm.count("quiet") ? ProgressMode::none : *mode;
  settings.every_s = vm["progress-every"].as<double>();
  if (!(settings.every_s > 0))
    throw UsageError("--progress-every must be a positive number of seconds");
  return settings;
}

RunOptions run_options(const po::variables_map& vm) {
  RunOptions options;
  options.jobs = job_count(vm);
  if (vm.count("timeout")) {
    const double t = vm["timeout"].as<double>();
    if (!(t > 0)) throw UsageError("--timeout must be a positive number of seconds");
    options.timeout_s = t;
  }
  options.progress = progress_settings(vm);
  std::tie(options.shard_index, options.shard_count) = parse_shard(vm);
  return options;
}

void print_counts(const RunCounts& c, const std::filesystem::path& out, double seconds) {
  std::cerr << "assay: " << c.planned << " points: " << c.ok << " ok, " << c.failed << " failed, "
            << c.timeout << " timeout";
  if (c.skipped) std::cerr << ", " << c.skipped << " already done";
  if (c.interrupted) std::cerr << ", " << c.interrupted << " not run (interrupted)";
  std::cerr << " in " << seconds << " s\nassay: results in " << out.string() << "\n";
  if (c.interrupted || c.failed || c.timeout)
    std::cerr << "assay: finish with: assay run ... -o " << out.string() << " --resume\n";
}

int exit_status(const RunCounts& counts) {
  return counts.ok + counts.skipped == counts.planned ? 0 : 1;
}

Json counts_json(const RunCounts& c, const std::filesystem::path& out, double seconds) {
  return {{"file", out.string()},         {"planned", c.planned}, {"ok", c.ok},
          {"failed", c.failed},           {"timeout", c.timeout}, {"skipped", c.skipped},
          {"interrupted", c.interrupted}, {"seconds", seconds},   {"exit_status", exit_status(c)}};
}

// The counts on stderr, then on stdout the table of points (not with --quiet) or, with --json,
// the counts as JSON.
void report(const RunCounts& counts, const std::filesystem::path& out, double seconds,
            const po::variables_map& vm) {
  print_counts(counts, out, seconds);
  if (vm.count("json"))
    write_json(counts_json(counts, out, seconds), std::cout);
  else if (!vm.count("quiet") && counts.planned <= 20)
    print_results(read_results(out), 20, std::cout);
}

// --reuse files, and on --resume the result itself: a grown sweep's new points take the nodes
// its old points computed, and a killed run's remaining points those its committed parts hold.
std::vector<std::unique_ptr<NodeSource>> reuse_sources(const po::variables_map& vm,
                                                       const std::filesystem::path& out) {
  std::vector<std::unique_ptr<NodeSource>> sources;
  if (vm.count("resume") && std::filesystem::exists(out))
    sources.push_back(std::make_unique<StoredNodes>(out));
  if (vm.count("resume")) {
    auto parts = std::make_unique<PartNodes>(out);
    if (parts->size() > 0) sources.push_back(std::move(parts));
  }
  if (vm.count("reuse"))
    for (const auto& file : vm["reuse"].as<std::vector<std::string>>())
      sources.push_back(std::make_unique<StoredNodes>(file));
  return sources;
}

std::vector<const NodeSource*> source_pointers(
    const std::vector<std::unique_ptr<NodeSource>>& sources) {
  std::vector<const NodeSource*> pointers;
  for (const auto& source : sources) pointers.push_back(source.get());
  return pointers;
}

// A plugin of a new version computes something else: a grown sweep must not mix the two.
void require_same_plugins(const RunInfo& earlier, const RunInfo& now,
                          const std::filesystem::path& out) {
  for (const auto& was : earlier.plugins)
    for (const auto& is : now.plugins)
      if (was.name == is.name && was.version != is.version)
        throw SourceError(
            {out.string()}, "plugin " + is.name,
            "version " + is.version + " now, " + was.version + " when the result was written",
            "--resume may add sweep values and replicates only; run into another "
            "--out, or reuse its nodes with --reuse");
}

// --resume of a result whose sweep has since grown: what the writer accepts of it. A change
// that is not growth throws, naming the key.
SweepGrowth sweep_growth(const std::filesystem::path& out, const Pipeline& pipeline,
                         const SweepPlan& plan, const PluginRegistry& registry,
                         const RunInfo& info) {
  SweepGrowth growth;
  for (const auto& earlier : read_run_infos(out)) {
    if (earlier.fingerprint == plan.fingerprint()) continue;
    if (growth.sweep_index.empty())
      for (std::size_t i = 0; i < plan.size(); ++i) growth.sweep_index[plan.point(i).id] = i;
    auto before = parse_pipeline_text(earlier.pipeline_toml, out.string() + " (its pipeline)");
    validate(before, registry);
    check_sweep_growth(before, pipeline, growth.sweep_index, out.string());
    require_same_plugins(earlier, info, out);
    growth.earlier_fingerprints.insert(earlier.fingerprint);
    growth.earlier_fingerprints.insert(earlier.grown_from.begin(), earlier.grown_from.end());
  }
  return growth;
}

// Under mpirun or srun: the points are dealt over the ranks (mpi/distributed_run.hpp).
int run_over_mpi(const CommandLine& cmd, const Pipeline& pipeline, const SweepPlan& plan,
                 const PluginRegistry& registry, const std::filesystem::path& out,
                 const po::variables_map& vm, const RunOptions& options) {
#ifdef ASSAY_HAVE_MPI
  if (options.shard_count > 1)
    throw UsageError("--shard splits a sweep over separate jobs; under mpirun leave it out");
  if (!vm.count("out"))
    throw UsageError("under mpirun, name the result with --out FILE, so every rank agrees on it");
  const MpiSession mpi;
  const auto reused = reuse_sources(vm, out);
  const PointExecutor executor(pipeline, registry, source_pointers(reused));
  const auto start = std::chrono::steady_clock::now();
  const DistributedRun run{plan,
                           executor,
                           out,
                           make_run_info(pipeline, plan, registry, cmd.text, options.jobs),
                           vm.count("resume") > 0,
                           options};
  const auto counts = run_distributed(mpi, run, *cmd.interrupt);
  if (mpi.rank() != 0) return 0;  // rank 0 reports for the whole run
  report(counts, out,
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), vm);
  return exit_status(counts);
#else
  (void)cmd, (void)pipeline, (void)plan, (void)registry, (void)out, (void)vm, (void)options;
  throw UsageError(
      "started by mpirun, but this assay was built without MPI; rebuild with "
      "-DASSAY_WITH_MPI=ON (needs libopenmpi-dev), or split the sweep with --shard I/N");
#endif
}

}  // namespace

int run_command(const CommandLine& cmd) {
  po::options_description options("Options");
  options.add_options()("out,o", po::value<std::string>(),
                        "result file (default: results/<pipeline>-<UTC time>-<pid>.h5)")(
      "jobs,j", jobs_option(), "worker threads (0: all cores)")(
      "set", po::value<std::vector<std::string>>()->composing(),
      "override: node.param=VALUE or sweep.node.param=[...] (repeatable; values are TOML)")(
      "resume", "finish an interrupted or partly failed run in --out")(
      "timeout", po::value<double>(), "per-point limit in seconds (cooperative)")(
      "dry-run", "validate and print the expanded plan, swept params marked; run nothing")(
      "json", "on stdout, the run's counts (or with --dry-run the plan) as JSON")(
      "reuse", po::value<std::vector<std::string>>()->composing(),
      "take nodes whose lineage an older result holds from it instead of computing them "
      "(repeatable)")("shard", po::value<std::string>(),
                      "run only shard I/N of the points (default from "
                      "SLURM_ARRAY_TASK_ID/COUNT); join with `assay merge`")(
      "progress", po::value<std::string>()->default_value("auto"),
      "auto|live|plain|none: live redraws one line (a terminal), plain prints a line every "
      "--progress-every seconds (logs, notebooks); auto: live on a terminal, else plain")(
      "progress-every", po::value<double>()->default_value(10), "seconds between plain lines")(
      "quiet,q", "no progress line and no table of points: --progress=none, counts only");
  add_plugin_path_options(options);
  Operands operands;
  operands.options.add_options()("pipeline", po::value<std::string>()->required(),
                                 "pipeline file (TOML)");
  operands.positional.add("pipeline", 1);
  po::variables_map vm;
  if (!parse_options(cmd, "run", kUsage, options, operands, vm)) return 0;
  const auto run = run_options(vm);

  auto pipeline = parse_pipeline_file(vm["pipeline"].as<std::string>());
  if (vm.count("set"))
    for (const auto& assignment : vm["set"].as<std::vector<std::string>>())
      apply_override(pipeline, assignment);
  const auto registry = load_plugins(true, vm);
  validate(pipeline, *registry);
  const SweepPlan plan(pipeline);
  if (vm.count("dry-run")) {
    vm.count("json") ? write_json(plan_json(pipeline, plan), std::cout)
                     : print_plan(pipeline, plan, 50, std::cout);
    return 0;
  }
  if (vm.count("resume") && !vm.count("out"))
    throw UsageError("--resume needs --out FILE: the result to finish");
  const std::filesystem::path out = vm.count("out")
                                        ? std::filesystem::path(vm["out"].as<std::string>())
                                        : default_output(pipeline.name);
  // A folder that cannot be made is reported by ResultLock (or an MPI rank's first commit).
  std::error_code unmade;
  if (out.has_parent_path()) std::filesystem::create_directories(out.parent_path(), unmade);
  if (launched_as_mpi_rank()) return run_over_mpi(cmd, pipeline, plan, *registry, out, vm, run);
  // Held until the result is published: before --resume reads what is there, and before any
  // point runs, so a second run on the same --out, or an unwritable folder, stops here.
  const ResultLock lock(out);
  // What a killed MPI run left is finished by any number of processes, this one included.
  if (vm.count("resume")) join_rank_shards(out);

  auto info = make_run_info(pipeline, plan, *registry, cmd.text, run.jobs);
  SweepGrowth growth;
  if (vm.count("resume") &&
      (std::filesystem::exists(out) || std::filesystem::exists(parts_dir(out))))
    growth = sweep_growth(out, pipeline, plan, *registry, info);
  info.grown_from.assign(growth.earlier_fingerprints.begin(), growth.earlier_fingerprints.end());
  ResultWriter writer(out, std::move(info), vm.count("resume") > 0, std::move(growth));
  const auto reused = reuse_sources(vm, out);
  const PointExecutor executor(pipeline, *registry, source_pointers(reused));
  const auto start = std::chrono::steady_clock::now();
  const auto counts = run_sweep(plan, executor, writer, run, *cmd.interrupt);
  writer.finish();
  report(counts, out,
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), vm);
  return exit_status(counts);
}

}  // namespace assay
