#include "cli/loaded_plugins.hpp"

#include <iostream>

#include "cli/commands.hpp"
#include "pipeline/parse/source_error.hpp"

namespace assay {

void add_plugin_path_options(boost::program_options::options_description& options) {
  options.add_options()("allow-unsafe-plugin-path",
                        "load plugins from world-writable folders and files, or ones another "
                        "user owns (also ASSAY_ALLOW_UNSAFE_PLUGIN_PATH=1)");
}

RegistryOptions registry_options(const boost::program_options::variables_map& vm) {
  RegistryOptions options;
  options.allow_unsafe_paths = options.allow_unsafe_paths || vm.count("allow-unsafe-plugin-path");
  return options;
}

std::unique_ptr<PluginRegistry> load_plugins(bool report_refusals,
                                             const boost::program_options::variables_map& vm) {
  auto registry = std::make_unique<PluginRegistry>(registry_options(vm));
  registry->load_all(PluginRegistry::default_search_path());
  if (report_refusals)
    for (const auto& r : registry->refusals())
      std::cerr << "assay: warning: " << r.path.string() << ": refused: " << r.reason << "\n";
  return registry;
}

const RegisteredMethod& require_method(const PluginRegistry& registry, const std::string& id) {
  if (const auto* m = registry.method(id)) return *m;
  // A misspelt plugin name too: `assay describe PLUGIN` then names the plugin's methods.
  auto candidates = registry.ids();
  for (const auto& p : registry.plugins()) candidates.push_back(p->name);
  const auto nearest = nearest_name(id, candidates);
  throw UsageError("unknown method '" + id + "'" +
                   (nearest.empty() ? "" : "; did you mean '" + nearest + "'?") +
                   " `assay list` shows the methods found");
}

}  // namespace assay
