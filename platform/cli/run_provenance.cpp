#include "cli/run_provenance.hpp"

#include <hdf5.h>
#include <oneapi/tbb/version.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <Eigen/Core>
#include <boost/version.hpp>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "cli/figures_json.hpp"
#include "cli/git_revision.hpp"

namespace assay {

namespace {

std::string host_name() {
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

std::string hdf5_version() {
  unsigned major = 0, minor = 0, release = 0;
  H5get_libversion(&major, &minor, &release);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(release);
}

// The first "model name" of /proc/cpuinfo (Linux), or "unknown".
std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (!line.starts_with("model name")) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos && colon + 2 <= line.size()) return line.substr(colon + 2);
  }
  return "unknown";
}

void add_machine_provenance(std::map<std::string, std::string>& provenance, std::size_t jobs) {
  provenance["cpu_model"] = cpu_model();
  provenance["jobs"] =
      jobs == 0 ? "0 (all " + std::to_string(std::thread::hardware_concurrency()) + " cores)"
                : std::to_string(jobs);
  for (const char* name : {"SLURM_JOB_ID", "SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_ID"})
    if (const char* value = std::getenv(name); value && *value) provenance[name] = value;
}

}  // namespace

std::string utc_now_iso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

RunInfo make_run_info(const Pipeline& pipeline, const SweepPlan& plan,
                      const PluginRegistry& registry, const std::string& command,
                      std::size_t jobs) {
  RunInfo info;
  info.assay_version = ASSAY_VERSION;
  info.created_utc = utc_now_iso8601();
  info.command = command;
  info.pipeline_name = pipeline.name;
  info.pipeline_toml = resolved_toml(pipeline);
  info.fingerprint = plan.fingerprint();
  info.planned_points = plan.size();
  info.swept_keys = plan.swept_keys();
  info.provenance = {
      {"host", host_name()},
      {"git_revision", git_revision()},
      {"compiler", __VERSION__},
      {"hdf5", hdf5_version()},
      {"tbb", TBB_runtime_version()},
      {"boost", BOOST_LIB_VERSION},
      {"eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) +
                    "." + std::to_string(EIGEN_MINOR_VERSION)},
      {"tomlplusplus", std::to_string(TOML_LIB_MAJOR) + "." + std::to_string(TOML_LIB_MINOR) + "." +
                           std::to_string(TOML_LIB_PATCH)},
      {"pipeline_file", pipeline.file},
  };
  add_machine_provenance(info.provenance, jobs);
  // The files path params read, by content: the digest the points' ids and lineage use.
  for (const auto& [path, digest] : pipeline.file_digests)
    info.provenance[std::string(kInputDigestPrefix) + path] = digest;
  std::set<const LoadedPlugin*> used;
  for (const auto& node : pipeline.nodes) {
    const auto* method = registry.method(node.method);
    used.insert(method->plugin);
    for (const auto& output : method->exported.info.outputs)
      if (output.provenance) info.provenance_outputs.push_back(node.name + "." + output.name);
  }
  info.figures = run_figures_json(pipeline, registry);
  for (const auto* p : used)
    info.plugins.push_back({p->name, p->version, p->path.string(), p->sha256, p->license});
  return info;
}

}  // namespace assay
