#include "cli/loaded_plugins.hpp"

#include <iostream>

#include "cli/commands.hpp"
#include "pipeline/parse/source_error.hpp"

namespace assay {

std::unique_ptr<PluginRegistry> load_plugins(bool report_refusals) {
  auto registry = std::make_unique<PluginRegistry>();
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
