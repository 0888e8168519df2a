// The registry every plugin-using command starts from: the default search path loaded, and
// each refused file reported once on stderr.
#pragma once

#include <memory>

#include "registry/plugin_registry.hpp"

namespace assay {

std::unique_ptr<PluginRegistry> load_plugins(bool report_refusals);

// Throws UsageError for an unknown method id, suggesting the nearest method id or plugin name.
const RegisteredMethod& require_method(const PluginRegistry& registry, const std::string& id);

}  // namespace assay
