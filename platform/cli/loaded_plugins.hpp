// The registry every plugin-using command starts from: the default search path loaded, and
// each refused file reported once on stderr.
#pragma once

#include <boost/program_options.hpp>
#include <memory>

#include "registry/plugin_registry.hpp"

namespace assay {

// --allow-unsafe-plugin-path, for every command that loads plugins.
void add_plugin_path_options(boost::program_options::options_description& options);
// The registry's options: unsafe plugin paths allowed by the flag or
// ASSAY_ALLOW_UNSAFE_PLUGIN_PATH.
RegistryOptions registry_options(const boost::program_options::variables_map& vm);

std::unique_ptr<PluginRegistry> load_plugins(bool report_refusals,
                                             const boost::program_options::variables_map& vm);

// Throws UsageError for an unknown method id, suggesting the nearest method id or plugin name.
const RegisteredMethod& require_method(const PluginRegistry& registry, const std::string& id);

}  // namespace assay
