// The host's side of the SDK: what the host needs to read and enforce a plugin's
// declarations. Never installed and never included by plugins, so the plugin-facing
// headers stay the small set a plugin author reads.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "assay/method.hpp"
#include "assay/param.hpp"
#include "assay/plugin.hpp"

namespace assay {

// The values this SDK build writes into manifests; the host compares a plugin's with them.
PluginManifest host_manifest();

// A value converted to the param's canonical form (an integer given for a real becomes a
// real, a nested list a matrix), or what is wrong with it. `element` locates the offending
// element of a vector or matrix ("[2]", "[1][0]"), to append to the key in messages.
struct ParamCheck {
  std::optional<Value> value;
  std::string error;
  std::string element;
};
ParamCheck check_param_value(const ParamSpec& spec, const Value& value);

// "int in [1, 1048576]", "one of ok|throw|sleep", "a list of ints >= 1", ...
std::string describe_type(const ParamSpec& spec);

const ParamSpec* find_param(const MethodInfo& method, std::string_view name);
const PortSpec* find_input(const MethodInfo& method, std::string_view name);
const PortSpec* find_output(const MethodInfo& method, std::string_view name);

}  // namespace assay
