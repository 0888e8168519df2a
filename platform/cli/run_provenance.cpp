#include "cli/run_provenance.hpp"

#include <hdf5.h>
#include <oneapi/tbb/version.h>
#include <toml++/toml.h>
#include <unistd.h>

#include <Eigen/Core>
#include <boost/version.hpp>
#include <ctime>
#include <set>

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
                      const PluginRegistry& registry, const std::string& command) {
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
  for (const auto* p : used)
    info.plugins.push_back({p->name, p->version, p->path.string(), p->sha256, p->license});
  return info;
}

}  // namespace assay
